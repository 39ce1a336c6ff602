import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Decision = 'approve' | 'reject';

/**
 * The confirmation step of a money-desk decision: what is being decided, a reason (required to
 * reject), and the operator confirms or steps back. Escape and the backdrop cancel.
 */
export function DecisionDialog({
  decision,
  summary,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  decision: Decision;
  summary: ReactNode;
  pending: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const reject = decision === 'reject';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reject && !reason.trim()) return;
    onConfirm(reason.trim());
  };
  return (
    <div className="dialog-backdrop" onClick={onCancel}>
      <form
        className="card dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="decision-title"
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
      >
        <h2 id="decision-title">{reject ? t('money.rejectTitle') : t('money.approveTitle')}</h2>
        <div className="dialog-summary">{summary}</div>
        <label className="field">
          <span>{reject ? t('money.reasonRequired') : t('money.reasonOptional')}</span>
          <textarea
            ref={input}
            rows={3}
            maxLength={200}
            required={reject}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={onCancel}>
            {t('money.cancel')}
          </button>
          <button
            type="submit"
            className={reject ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={pending || (reject && !reason.trim())}
          >
            {reject ? t('money.confirmReject') : t('money.confirmApprove')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A pending request's two decisions; each opens the confirmation dialog above. */
export function DecisionButtons({
  approveLabel,
  rejectLabel,
  onDecide,
}: {
  approveLabel: string;
  rejectLabel: string;
  onDecide: (decision: Decision) => void;
}) {
  return (
    <span className="row-actions">
      <button type="button" className="btn btn-primary" onClick={() => onDecide('approve')}>
        {approveLabel}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => onDecide('reject')}>
        {rejectLabel}
      </button>
    </span>
  );
}
