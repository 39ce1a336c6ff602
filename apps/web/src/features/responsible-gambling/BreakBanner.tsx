import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import type { SessionSummary } from '@playhouse/contract/responsible-gambling';
import { Icon } from '../../shell/Icon.tsx';

export type Break = NonNullable<SessionSummary['breakUntil']>;

/** The break the member is taking (time-out or self-exclusion), until when, and what it closes. */
export function BreakBanner({ value, className = '' }: { value: Break; className?: string }) {
  const { t, i18n } = useTranslation('rg');
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(value.until);
  return (
    <p className={`rg-banner ${className}`} role="status">
      <Icon name="shield" size={20} />
      <span>
        {value.kind === 'excluded' ? t('status.excluded', { date }) : t('status.timeout', { date })}
      </span>
    </p>
  );
}
