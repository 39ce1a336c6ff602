import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { AdjustmentApproval, AdjustmentRequest } from '@playhouse/contract/wallet';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import * as repo from './adjustments.repository.ts';

/** Idempotency namespace of operator adjustments. */
const SOURCE = 'bo:adjustment';

export interface AdjustmentStaff {
  id: number;
  ip: string;
}

/**
 * Operator adjustments: a credit or debit of a member against the `adjustments` house account, one
 * ledger entry each, audited in the same transaction (a replayed key is neither moved nor audited
 * twice). A debit never takes a balance below zero. One larger than the operator's threshold
 * (`adjustments.approvalAbove` of the payment settings) is only requested: a second member of staff
 * approves it (the entry is then posted under the request's own key, so it moves once however many
 * approve at once) or rejects it.
 */
export function createAdjustmentsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  /** The operator's threshold in minor units; 0 = no approval needed. */
  approvalAbove: (operatorId: number) => Promise<number>;
}) {
  const { db, ledger, audit } = deps;

  async function post(
    operatorId: number,
    staff: AdjustmentStaff,
    member: { memberId: number; userName: string; currency: string },
    move: { amount: number; reason: string; key: string; idempotencyKey: string | null },
    apply?: (trx: Db, entryId: number) => Promise<void>,
  ) {
    const { amount } = move;
    const posted = await ledger.post({
      operatorId,
      kind: 'adjustment',
      source: SOURCE,
      key: move.key,
      requestHash: requestHash({ userName: member.userName, amount, reason: move.reason }),
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
      apply: async (trx, moved) => {
        await apply?.(trx, moved.entryId);
        await audit.record(
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
              reason: move.reason,
              idempotencyKey: move.idempotencyKey,
            },
            ip: staff.ip,
          },
          trx,
        );
      },
    });
    return { entryId: posted.entryId, ...posted.response, duplicate: posted.duplicate };
  }

  const toApproval = (r: Awaited<ReturnType<typeof repo.listRequests>>[number]): AdjustmentApproval => ({
    id: Number(r.id),
    userName: r.user_name,
    amount: formatMoney(Number(r.amount)),
    reason: r.reason,
    status: r.status as AdjustmentApproval['status'],
    requestedBy: r.requested_by_name ?? String(r.requested_by),
    requestedAt: Number(r.requested_at),
    decidedBy: r.decided_by === null ? null : (r.decided_by_name ?? String(r.decided_by)),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    entryId: r.entry_id === null ? null : Number(r.entry_id),
    note: r.note,
  });

  /** The request, or NOT_FOUND; refused unless pending and asked by somebody else. */
  async function pendingFor(operatorId: number, staffId: number, id: number) {
    const request = await repo.findRequest(db, operatorId, id);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    if (Number(request.requested_by) === staffId) throw new AppError('SECOND_APPROVER_REQUIRED');
    return request;
  }

  return {
    async adjust(operatorId: number, staff: AdjustmentStaff, body: AdjustmentRequest) {
      const amount = parseMoney(body.amount, { signed: true });
      if (amount === undefined) throw fieldError('amount', 'invalidFormat');
      if (amount === 0) throw fieldError('amount', 'invalid');
      const member = await ledger.wallet({ operatorId, userName: body.userName });
      if (!member) throw new AppError('NOT_FOUND');
      const threshold = await deps.approvalAbove(operatorId);
      if (threshold > 0 && Math.abs(amount) > threshold) {
        const key = body.idempotencyKey ?? randomUUID();
        const requestId = await repo.insertRequest(db, {
          operator_id: operatorId,
          member_id: member.memberId,
          user_name: member.userName,
          amount,
          reason: body.reason,
          idempotency_key: key,
          status: 'pending',
          requested_by: staff.id,
          requested_at: now(),
          decided_by: null,
          decided_at: null,
          entry_id: null,
          note: null,
        });
        if (requestId === undefined) {
          // The key was used before: answer that request, if it was this one.
          const earlier = await repo.findRequestByKey(db, operatorId, key);
          if (
            !earlier ||
            Number(earlier.amount) !== amount ||
            earlier.user_name !== member.userName ||
            earlier.reason !== body.reason
          )
            throw new AppError('IDEMPOTENCY_MISMATCH');
          return {
            pending: true as const,
            requestId: Number(earlier.id),
            userName: member.userName,
            amount: formatMoney(amount),
          };
        }
        await audit.record({
          operatorId,
          actorType: 'staff',
          actorId: String(staff.id),
          action: 'wallet.adjustment.requested',
          target: `member:${member.userName}`,
          detail: { requestId, amount: formatMoney(amount), reason: body.reason },
          ip: staff.ip,
        });
        return { pending: true as const, requestId, userName: member.userName, amount: formatMoney(amount) };
      }
      return post(operatorId, staff, member, {
        amount,
        reason: body.reason,
        key: body.idempotencyKey ?? randomUUID(),
        idempotencyKey: body.idempotencyKey ?? null,
      });
    },

    async list(operatorId: number, status: AdjustmentApproval['status'] | undefined) {
      return (await repo.listRequests(db, operatorId, status)).map(toApproval);
    },

    /**
     * A second member of staff approves: the entry is posted under the request's key with the
     * request's state moved in the same transaction, so parallel approvals move the money once.
     */
    async approve(operatorId: number, staff: AdjustmentStaff, id: number) {
      const request = await pendingFor(operatorId, staff.id, id);
      const member = await ledger.wallet({ memberId: Number(request.member_id) });
      if (!member) throw new AppError('NOT_FOUND');
      const posted = await post(
        operatorId,
        staff,
        member,
        {
          amount: Number(request.amount),
          reason: request.reason,
          key: `request:${id}`,
          idempotencyKey: request.idempotency_key,
        },
        async (trx, entryId) => {
          if (!(await repo.decide(trx, id, 'approved', staff.id, now(), { entryId })))
            throw new AppError('ALREADY_DECIDED');
          await audit.record(
            {
              operatorId,
              actorType: 'staff',
              actorId: String(staff.id),
              action: 'wallet.adjustment.approved',
              target: `member:${member.userName}`,
              detail: { requestId: id, entryId, amount: formatMoney(Number(request.amount)) },
              ip: staff.ip,
            },
            trx,
          );
        },
      );
      if (posted.duplicate) throw new AppError('ALREADY_DECIDED');
      return (await this.list(operatorId, undefined)).find((r) => r.id === id)!;
    },

    async reject(operatorId: number, staff: AdjustmentStaff, id: number, note: string) {
      await db.transaction().execute(async (trx) => {
        const request = await repo.findRequest(trx, operatorId, id);
        if (!request) throw new AppError('NOT_FOUND');
        if (!(await repo.decide(trx, id, 'rejected', staff.id, now(), { note })))
          throw new AppError('ALREADY_DECIDED');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'wallet.adjustment.rejected',
            target: `member:${request.user_name}`,
            detail: { requestId: id, amount: formatMoney(Number(request.amount)), note },
            ip: staff.ip,
          },
          trx,
        );
      });
      return (await this.list(operatorId, undefined)).find((r) => r.id === id)!;
    },
  };
}
export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
