import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { WalletTransferRequest, WalletTransferResult } from '@playhouse/contract/wallet';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { CatalogueService } from '../games/catalogue.service.ts';
import { requestHash, type HousePurpose, type Leg } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import {
  transferCall,
  transferStatus,
  vendorBalance,
  type VendorAnswer,
  type VendorEndpoint,
} from './transfer-client.ts';
import * as repo from './transfer.repository.ts';
import type { TransferRow } from './transfer.repository.ts';

/**
 * The transfer wallet (money.md "Two-phase transfers"): vendors in `transfer` mode keep their own
 * balance, and a member moves money between our wallet and theirs. Each move is a `vendor_transfers`
 * row with our own `reference` (sent to the vendor) in state `pending` → `done` | `failed`.
 *
 * - "in": one ledger movement holds the amount (member → `pending`) and writes the row; then the
 *   vendor is asked to credit. Confirmed: `pending` → `vendor:X`, `done`. Refused: `pending` →
 *   member (refund), `failed`.
 * - "out": the row is written first (nothing held: the money is at the vendor), then the vendor is
 *   asked to debit. Confirmed: `vendor:X` → member, `done`. Refused: `failed`, nothing moves.
 * - No answer (timeout, network error, 5xx): the vendor is asked the transfer's status by reference
 *   (a reference it never saw is refused for good), and when that gives no answer either the row
 *   stays `pending` and the member gets TRANSFER_PENDING; `reconcilePending()` asks again later.
 *
 * Exactly once: every resolution is one ledger movement keyed `<reference>:resolve` whose `apply`
 * updates the row `WHERE state = 'pending'` (throwing, which undoes the movement, when it is not),
 * so two resolvers racing (request, reconciler, reconciler) keep or refund a transfer once.
 */
export function createTransferService(
  db: Db,
  ledger: LedgerService,
  catalogue: CatalogueService,
  protection: Pick<ResponsibleGamblingService, 'assertStakeAllowed'>,
) {
  /** How long a vendor call may take before its outcome counts as unknown. */
  let timeoutMs = 5_000;

  async function endpoint(operatorId: number, code: string): Promise<VendorEndpoint> {
    const vendor = await catalogue.walletVendor(operatorId, code);
    if (!vendor) throw new AppError('VENDOR_NOT_CONNECTED');
    if (vendor.walletMode !== 'transfer') throw new AppError('WALLET_MODE_MISMATCH');
    const baseUrl = vendor.apiUrl ?? vendor.launchUrl;
    if (!baseUrl) throw new AppError('VENDOR_NOT_CONNECTED');
    return { code: vendor.code, secret: vendor.secret, baseUrl };
  }

  async function member(memberId: number) {
    const found = await ledger.wallet({ memberId });
    if (!found?.active) throw new AppError('ACCOUNT_UNAVAILABLE');
    return found;
  }

  /** What a transfer in its current state answers (the same to the first request and every replay). */
  async function outcome(row: TransferRow, refused?: 'VENDOR_UNAVAILABLE'): Promise<WalletTransferResult> {
    const extra = { reference: row.reference, state: row.state };
    if (row.state === 'pending') throw new AppError('TRANSFER_PENDING', { extra });
    if (row.state === 'failed') throw new AppError(refused ?? 'TRANSFER_FAILED', { extra });
    const wallet = await ledger.wallet({ memberId: row.member_id });
    return {
      reference: row.reference,
      vendorCode: row.vendor_code,
      direction: row.direction,
      amount: formatMoney(row.amount),
      state: row.state,
      balance: formatMoney(wallet?.balance ?? 0),
    };
  }

  /** Posts the movement that resolves `row` to `to`, or finds it resolved already; the row after. */
  async function resolve(row: TransferRow, to: 'done' | 'failed'): Promise<TransferRow> {
    const house: HousePurpose = `vendor:${row.vendor_code}`;
    const legs: Leg[] =
      row.direction === 'in'
        ? to === 'done'
          ? [
              { house: 'pending', amount: -row.amount },
              { house, amount: row.amount },
            ]
          : [
              { house: 'pending', amount: -row.amount },
              { member: row.member_id, amount: row.amount },
            ]
        : to === 'done'
          ? [
              { house, amount: -row.amount },
              { member: row.member_id, amount: row.amount },
            ]
          : [];
    try {
      await ledger.post({
        operatorId: row.operator_id,
        kind: row.direction === 'in' ? 'transfer_in' : 'transfer_out',
        source: 'transfer',
        key: `${row.reference}:resolve`,
        requestHash: requestHash({ reference: row.reference, to }),
        memberId: row.member_id,
        currency: row.currency,
        reference: row.reference,
        legs,
        respond: () => ({ state: to }),
        apply: async (trx) => {
          if (!(await repo.resolve(trx, row.id, to, now()))) throw new AppError('CONFLICT');
        },
      });
    } catch (error) {
      // Another resolver got there first (its movement committed, this one was undone whole).
      if (!(error instanceof AppError) || !['CONFLICT', 'IDEMPOTENCY_MISMATCH'].includes(error.code))
        throw error;
    }
    return (await repo.findById(db, row.id))!;
  }

  /** Settles a transfer on the vendor's answer, asking its status when the answer is unknown. */
  async function settle(row: TransferRow, vendor: VendorEndpoint, answer: VendorAnswer) {
    const decided =
      answer.kind === 'unknown' ? await transferStatus(vendor, row.reference, timeoutMs) : answer;
    if (decided.kind === 'unknown') return row;
    return resolve(row, decided.kind === 'done' ? 'done' : 'failed');
  }

  const send = (row: TransferRow, vendor: VendorEndpoint, userName: string) =>
    transferCall(
      vendor,
      { userName, reference: row.reference, direction: row.direction, amount: formatMoney(row.amount) },
      timeoutMs,
    );

  /** The member's balance at the vendor in minor units (VENDOR_UNAVAILABLE when it does not answer). */
  async function heldAtVendor(vendor: VendorEndpoint, userName: string): Promise<number> {
    const text = await vendorBalance(vendor, userName, timeoutMs);
    const minor = text === undefined ? undefined : parseMoney(text);
    if (minor === undefined) throw new AppError('VENDOR_UNAVAILABLE');
    return minor;
  }

  return {
    /** For tests: a shorter vendor timeout. */
    setTimeoutMs(ms: number) {
      timeoutMs = ms;
    },

    async transfer(
      who: { id: number; operatorId: number },
      body: WalletTransferRequest,
    ): Promise<WalletTransferResult> {
      const vendor = await endpoint(who.operatorId, body.vendorCode);
      const m = await member(who.id);
      const hash = requestHash({
        vendorCode: vendor.code,
        direction: body.direction,
        amount: body.all ? 'all' : parseMoney(body.amount!),
      });
      const replay = async (): Promise<WalletTransferResult> => {
        const row = await repo.findByRequest(db, who.operatorId, who.id, body.requestId);
        if (!row) throw new Error('a replayed transfer has no row');
        if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
        return outcome(row);
      };
      const earlier = await repo.findByRequest(db, who.operatorId, who.id, body.requestId);
      if (earlier) return replay();

      const reference = `T${randomUUID().replace(/-/g, '')}`;
      const at = now();
      const rowOf = (amount: number) => ({
        operator_id: who.operatorId,
        member_id: who.id,
        vendor_code: vendor.code,
        request_id: body.requestId,
        request_hash: hash,
        reference,
        direction: body.direction,
        amount,
        currency: m.currency,
        state: 'pending' as const,
        created_at: at,
        updated_at: at,
      });

      if (body.direction === 'in') {
        let amount = body.all ? 0 : parseMoney(body.amount!)!;
        const posted = await ledger.post({
          operatorId: who.operatorId,
          kind: 'transfer_in',
          source: 'transfer',
          key: `hold:${who.id}:${body.requestId}`,
          requestHash: hash,
          memberId: who.id,
          currency: m.currency,
          reference,
          legs: async (_trx, locked) => {
            if (body.all) amount = locked.balance;
            if (amount <= 0 || amount > locked.balance)
              throw new AppError('INSUFFICIENT_FUNDS', { extra: { balance: formatMoney(locked.balance) } });
            return [
              { member: who.id, amount: -amount },
              { house: 'pending', amount },
            ];
          },
          respond: () => ({ reference }),
          apply: async (trx, moved) => {
            // Money sent to play with is a stake as far as limits go (decision 023): a break refuses
            // it, and it must fit the wager and loss allowance left, judged under the member's lock.
            await protection.assertStakeAllowed(trx, {
              operatorId: who.operatorId,
              memberId: who.id,
              amount,
              at,
              entryId: moved.entryId,
            });
            if (!(await repo.insertTransfer(trx, rowOf(amount)))) throw new AppError('CONFLICT');
          },
        });
        if (posted.duplicate) return replay();
        const row = (await repo.findByRequest(db, who.operatorId, who.id, body.requestId))!;
        const answer = await send(row, vendor, m.userName);
        return outcome(
          await settle(row, vendor, answer),
          answer.kind === 'unknown' ? 'VENDOR_UNAVAILABLE' : undefined,
        );
      }

      // "out": nothing is held here; the vendor debits first.
      const amount = body.all ? await heldAtVendor(vendor, m.userName) : parseMoney(body.amount!)!;
      if (amount <= 0)
        throw new AppError('INSUFFICIENT_FUNDS', { extra: { balance: formatMoney(m.balance) } });
      if (!(await repo.insertTransfer(db, rowOf(amount)))) return replay();
      const row = (await repo.findByRequest(db, who.operatorId, who.id, body.requestId))!;
      const answer = await send(row, vendor, m.userName);
      const settled = await settle(row, vendor, answer);
      return outcome(settled, answer.kind === 'unknown' ? 'VENDOR_UNAVAILABLE' : undefined);
    },

    /** The member's balance held at a transfer-mode vendor, asked from the vendor. */
    async vendorBalance(who: { id: number; operatorId: number }, vendorCode: string) {
      const vendor = await endpoint(who.operatorId, vendorCode);
      const m = await member(who.id);
      return { vendorCode: vendor.code, balance: formatMoney(await heldAtVendor(vendor, m.userName)) };
    },

    /**
     * Asks the vendor again about every transfer still pending that was last touched `olderThanMs`
     * ago or more, and resolves those it answers. Safe to run beside requests and other reconcilers.
     */
    async reconcilePending(options: { olderThanMs?: number; limit?: number } = {}) {
      const rows = await repo.listPending(db, now() - (options.olderThanMs ?? 30_000), options.limit ?? 100);
      const counts = { done: 0, failed: 0, pending: 0 };
      for (const row of rows) {
        const vendor = await endpoint(row.operator_id, row.vendor_code).catch(() => undefined);
        const after = vendor ? await settle(row, vendor, { kind: 'unknown' }) : row;
        counts[after.state]++;
      }
      return counts;
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
