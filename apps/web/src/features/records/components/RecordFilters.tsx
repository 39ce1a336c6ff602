import { RECORD_TYPES } from '@playhouse/contract/account-record';
import { useTranslation } from 'react-i18next';
import { PRESETS, type DayRange, type Preset } from '../periods.ts';

const TYPES = ['all', ...RECORD_TYPES] as const;

interface Props {
  type: string;
  onType: (type: string) => void;
  preset: Preset;
  onPreset: (preset: Preset) => void;
  range: DayRange;
  onCustom: (range: DayRange, changed: 'startDate' | 'endDate') => void;
  /** The custom period's bounds: nothing after today, the end at most three months after the start. */
  limits: { latestEnd: string; today: string };
  /** The type chips (the account record's movement types unless given) and their labels. */
  types?: readonly string[];
  typeLabel?: (type: string) => string;
}

/** The record's filters: a type, and a period (today, 7 days, 30 days, or custom up to 3 months). */
export function RecordFilters({
  type,
  onType,
  preset,
  onPreset,
  range,
  onCustom,
  limits,
  types = TYPES,
  typeLabel,
}: Props) {
  const { t } = useTranslation('records');
  return (
    <section className="rec-card rec-filters">
      <div className="rec-chips" role="group" aria-label={t('filter.type')}>
        {types.map((value) => (
          <button
            key={value}
            type="button"
            className="rec-chip"
            aria-pressed={type === value}
            onClick={() => onType(value)}
          >
            {typeLabel ? typeLabel(value) : t(`types.${value}`)}
          </button>
        ))}
      </div>
      <div className="rec-segments" role="group" aria-label={t('filter.period')}>
        {PRESETS.map((value) => (
          <button
            key={value}
            type="button"
            className="rec-segment"
            aria-pressed={preset === value}
            onClick={() => onPreset(value)}
          >
            {t(`filter.${value}`)}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="rec-custom">
          <label>
            <span>{t('filter.from')}</span>
            <input
              type="date"
              value={range.startDate}
              max={limits.today}
              required
              onChange={(e) => onCustom({ ...range, startDate: e.target.value }, 'startDate')}
            />
          </label>
          <label>
            <span>{t('filter.to')}</span>
            <input
              type="date"
              value={range.endDate}
              min={range.startDate}
              max={limits.latestEnd}
              required
              onChange={(e) => onCustom({ ...range, endDate: e.target.value }, 'endDate')}
            />
          </label>
          <p className="rec-muted rec-hint">{t('filter.maxPeriod', { months: 3 })}</p>
        </div>
      )}
    </section>
  );
}
