import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shell/toast.tsx';

/** One line of bank details with a button that copies its value. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('pay');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('copy.done', { label }), { kind: 'success' });
    } catch {
      showToast(t('copy.failed'), { kind: 'error' });
    }
  };
  return (
    <div className="pay-copy-row">
      <dt>{label}</dt>
      <dd dir="auto">{value}</dd>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={t('copy.label', { label })}
        onClick={() => void copy()}
      >
        {t('copy.button')}
      </button>
    </div>
  );
}
