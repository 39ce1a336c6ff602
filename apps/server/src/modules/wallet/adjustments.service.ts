import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { AdjustmentRequest } from '@playhouse/contract/wallet';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/** Idempotency namespace of operator adjustments. */
const SOURCE = 'bo:adjustment';

/**
 * Operator adjustments: a credit or debit of a member against the `adjustments` house account, one
 * ledger entry each, audited in the same transaction (a replayed key is neither moved nor audited
 * twice). A debit never takes a balance below zero.
 */
export function createAdjustmentsService(ledger: LedgerService, audit: AuditService) {
  return {
    async adjust(operatorId: number, staff: { id: number; ip: string }, body: AdjustmentRequest) {
      const amount = parseMoney(body.amount, { signed: true });
      if (amount === undefined) throw fieldError('amount', 'invalidFormat');
      if (amount === 0) throw fieldError('amount', 'invalid');
      const member = await ledger.wallet({ operatorId, userName: body.userName });
      if (!member) throw new AppError('NOT_FOUND');
      const posted = await ledger.post({
        operatorId,
        kind: 'adjustment',
        source: SOURCE,
        key: body.idempotencyKey ?? randomUUID(),
        requestHash: requestHash({ userName: member.userName, amount, reason: body.reason }),
        memberId: member.memberId,
        currency: member.currency,
        reference: null,
        legs: [
          { member: member.memberId, amount },
          { house: 'adjustments', amount: -amount },
        ],
        respond: ({ balance }) => ({
          userName: member.userName,
          amount: formatMoney(amount),
          balance: formatMoney(balance!),
        }),
        apply: (trx, moved) =>
          audit.record(
            {
              operatorId,
              actorType: 'staff',
              actorId: String(staff.id),
              action: 'wallet.adjustment',
              target: `member:${member.userName}`,
              detail: {
                entryId: moved.entryId,
                amount: formatMoney(amount),
                balance: formatMoney(moved.balance!),
                reason: body.reason,
                idempotencyKey: body.idempotencyKey ?? null,
              },
              ip: staff.ip,
            },
            trx,
          ),
      });
      return { entryId: posted.entryId, ...posted.response, duplicate: posted.duplicate };
    },
  };
}
export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
