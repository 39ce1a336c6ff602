import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { formatTime } from './Pager.tsx';

export type Decision = 'approve' | 'reject';

/**
 * The confirmation step of a decision (money desk, waiting adjustments): what is being decided, a
 * reason (required to reject; offered to approve unless `approveNote` is false), and the operator
 * confirms or steps back. Escape and the backdrop cancel.
 */
export function DecisionDialog({
  decision,
  summary,
  pending,
  error,
  onConfirm,
  onCancel,
  approveNote = true,
  rejectLabel,
  maxLength = 200,
}: {
  decision: Decision;
  summary: ReactNode;
  pending: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** Whether approving offers an (optional) reason; without it the confirm button takes the focus. */
  approveNote?: boolean;
  /** The reason field's label when rejecting (default: the money desk's "reason, required"). */
  rejectLabel?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const reject = decision === 'reject';
  const withNote = reject || approveNote;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reject && !reason.trim()) return;
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      titleId="decision-title"
      focus={withNote ? input : confirmButton}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <h2 id="decision-title">{reject ? t('money.rejectTitle') : t('money.approveTitle')}</h2>
      <div className="dialog-summary">{summary}</div>
      {withNote && (
        <label className="field">
          <span>{reject ? (rejectLabel ?? t('money.reasonRequired')) : t('money.reasonOptional')}</span>
          <textarea
            ref={input}
            rows={3}
            maxLength={maxLength}
            required={reject}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      )}
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
          ref={confirmButton}
          type="submit"
          className={reject ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={pending || (reject && !reason.trim())}
        >
          {reject ? t('money.confirmReject') : t('money.confirmApprove')}
        </button>
      </div>
    </Dialog>
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

/** Who decided, when, and why: under the status of a settled request. */
export function Decided({
  by,
  at,
  reason,
  tag,
}: {
  by: string | null;
  at: number | null;
  reason: string | null;
  tag: string;
}) {
  const { t } = useTranslation();
  if (!at && !by && !reason) return null;
  return (
    <span className="decided muted">
      {by && <span>{t('money.decidedBy', { name: by })}</span>}
      {at && <span>{formatTime(at, tag)}</span>}
      {reason && <span className="wrap-anywhere">{t('money.reasonShown', { reason })}</span>}
    </span>
  );
}
