import type { DepositStatus, DocumentStatus, WithdrawalStatus } from '@playhouse/contract/payments';

export type Tone = 'wait' | 'ok' | 'bad' | 'info';

const TONES: Record<DepositStatus | WithdrawalStatus | DocumentStatus, Tone> = {
  PENDING: 'wait',
  PROCESSING: 'info',
  APPROVED: 'ok',
  REJECTED: 'bad',
  FAILED: 'bad',
  UNDER_REVIEW: 'wait',
  VERIFIED: 'ok',
};

/** A request's state as a coloured label; the text comes from the caller's catalogue. */
export function StatusChip({
  status,
  children,
}: {
  status: DepositStatus | WithdrawalStatus | DocumentStatus;
  children: string;
}) {
  return <span className={`pay-chip pay-chip-${TONES[status]}`}>{children}</span>;
}
