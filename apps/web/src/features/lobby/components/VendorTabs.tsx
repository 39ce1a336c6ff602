import type { Vendor } from '@playhouse/contract/games';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A strip of vendor tabs: 'all' plus each vendor. */
export function VendorTabs({
  vendors,
  value,
  onChange,
  label,
}: {
  vendors: readonly Pick<Vendor, 'vassalage' | 'displayName'>[];
  value: string;
  onChange: (vassalage: string) => void;
  label: string;
}) {
  const { t } = useTranslation('lobby');
  const tabs = [{ vassalage: '', displayName: t('vendors.all') }, ...vendors];
  const strip = useRef<HTMLDivElement>(null);
  // The chosen provider's tab is always in view, however far along the strip it sits (a provider's
  // page opened from a menu, or a language whose names are long).
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value, vendors.length]);
  return (
    <div ref={strip} className="chip-strip" role="tablist" aria-label={label}>
      {tabs.map((vendor) => (
        <button
          key={vendor.vassalage || 'all'}
          type="button"
          role="tab"
          aria-selected={vendor.vassalage === value}
          className={`chip${vendor.vassalage === value ? ' is-active' : ''}`}
          onClick={() => onChange(vendor.vassalage)}
        >
          <bdi>{vendor.displayName}</bdi>
        </button>
      ))}
    </div>
  );
}
