import type { Vendor } from '@playhouse/contract/games';
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
  return (
    <div className="chip-strip" role="tablist" aria-label={label}>
      {tabs.map((vendor) => (
        <button
          key={vendor.vassalage || 'all'}
          type="button"
          role="tab"
          aria-selected={vendor.vassalage === value}
          className={`chip${vendor.vassalage === value ? ' is-active' : ''}`}
          onClick={() => onChange(vendor.vassalage)}
        >
          {vendor.displayName}
        </button>
      ))}
    </div>
  );
}
