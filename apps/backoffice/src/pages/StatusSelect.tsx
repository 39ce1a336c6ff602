import { useTranslation } from 'react-i18next';

/** A list filter's status choice: every status, or one of `statuses` ('' stands for all). */
export function StatusSelect<S extends string>({
  statuses,
  statusLabel,
  value,
  onChange,
  ...select
}: {
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  value: string;
  onChange: (status: string) => void;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...select}>
      <option value="">{t('money.all')}</option>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  );
}
