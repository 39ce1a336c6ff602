import { randomBytes } from 'node:crypto';
import { addDays } from '@playhouse/contract/account-record';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  PaymentSettingsSchema,
  type DepositChannel,
  type DepositItem,
  type DepositRequest,
  type DeskDecision,
  type DeskQuery,
  type GatewayCallback,
  type MoneySummary,
  type OpeningHours,
  type PaymentChannel,
  type PaymentChannelCreate,
  type PaymentChannelUpdate,
  type PaymentSettings,
  type PaymentSettingsPatch,
  type BankDetails,
} from '@playhouse/contract/payments';
import { mergeSettings } from '@playhouse/contract/settings';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { dayAt, dayStart, isTimeZone } from '../transactions/period.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createReferenceGateway, REFERENCE_GATEWAY_CODE, type PaymentGateway } from './gateway.ts';
import { bpToPercent, depositFigures, isOpenAt, percentToBp, turnoverFor } from './payment-rules.ts';
import * as repo from './payments.repository.ts';

/**
 * Deposits and the money desk's deposit side (architecture: "Deposits", "Operator money desk";
 * decision 018).
 *
 * A deposit is a row that waits (PENDING) until the gateway reports it paid or an operator approves
 * it; the credit is one ledger entry keyed by the deposit id, and the row's status changes in that
 * entry's `apply` by a conditional UPDATE, so the credit and the state move together and at most once.
 * A replayed callback, a second operator, or a PAID that arrives twice finds the key taken (the first
 * answer, nothing moved) or the status changed (refused, undone). Failure never undoes a credit: a
 * FAILED after PAID is acknowledged and ignored; a PAID after FAILED (the payer paid late) credits.
 */

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  withdrawal: { min: '100.00', max: '50000.00', dailyCount: 5, dailyAmount: '100000.00' },
  turnover: { depositMultiplier: 1, bonusMultiplier: 1 },
  timeZone: 'UTC',
  adjustments: { approvalAbove: '0.00' },
};

const SECRET_PURPOSE = 'payment-gateway-secret';
/** Days a money summary may span. */
const MAX_SUMMARY_DAYS = 92;

const newId = (prefix: 'D' | 'W', at: number) =>
  `${prefix}${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

const parseJsonOr = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export interface StaffActor {
  id: number;
  username: string;
  ip: string;
}

export function createPaymentsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  secrets: SecretBox;
  protection: ResponsibleGamblingService;
  uploads: UploadsService;
  /** Member messages ("deposit credited"), sent in the crediting transaction. */
  inbox: InboxService;
}) {
  const { db, ledger, audit, secrets, protection, uploads, inbox } = deps;

  // ---------- settings ----------

  async function settings(operatorId: number): Promise<PaymentSettings> {
    const stored = await repo.findSettings(db, operatorId);
    const merged = mergeSettings(DEFAULT_PAYMENT_SETTINGS, parseJsonOr<unknown>(stored ?? null, {}));
    const parsed = PaymentSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_PAYMENT_SETTINGS;
  }

  async function updateSettings(operatorId: number, staff: StaffActor, patch: PaymentSettingsPatch) {
    const current = await settings(operatorId);
    const next = PaymentSettingsSchema.safeParse(mergeSettings(current, patch));
    if (!next.success) throw fieldError('body', 'invalid');
    if (!isTimeZone(next.data.timeZone)) throw fieldError('timeZone', 'invalidOption');
    const w = next.data.withdrawal;
    if (parseMoney(w.min)! > parseMoney(w.max)!) throw fieldError('withdrawal.min', 'tooBig');
    await db.transaction().execute(async (trx) => {
      await repo.saveSettings(trx, operatorId, JSON.stringify(next.data), now());
      await audit.record(
        {
          operatorId,
          actorType: 'staff',
          actorId: String(staff.id),
          action: 'payments.settings',
          detail: { patch },
          ip: staff.ip,
        },
        trx,
      );
    });
    return next.data;
  }

  // ---------- gateways ----------

  async function gateway(operatorId: number, code: string): Promise<PaymentGateway | undefined> {
    const row = await repo.findGateway(db, operatorId, code);
    if (!row || !row.base_url) return undefined;
    let secret: string;
    try {
      secret = secrets.open(SECRET_PURPOSE, row.secret_sealed);
    } catch {
      return undefined;
    }
    return createReferenceGateway({ code, baseUrl: row.base_url, secret });
  }

  const gateways = {
    /** Points a gateway code at its API with the shared secret (sealed at rest). */
    async configure(operatorId: number, config: { code: string; baseUrl: string; secret: string }) {
      await repo.upsertGateway(db, {
        operator_id: operatorId,
        code: config.code,
        base_url: config.baseUrl,
        secret_sealed: secrets.seal(SECRET_PURPOSE, config.secret),
        updated_at: now(),
      });
    },
    /** The reference gateway's secret, made once (demo); the gateway process is given it. */
    async ensureSecret(operatorId: number, code = REFERENCE_GATEWAY_CODE): Promise<string> {
      const row = await repo.findGateway(db, operatorId, code);
      if (row) return secrets.open(SECRET_PURPOSE, row.secret_sealed);
      const secret = randomBytes(32).toString('base64url');
      await gateways.configure(operatorId, { code, baseUrl: '', secret });
      return secret;
    },
    async list(operatorId: number) {
      const rows = await repo.listGateways(db);
      return rows
        .filter((r) => Number(r.operator_id) === operatorId)
        .map((r) => ({ code: r.code, baseUrl: r.base_url, updatedAt: Number(r.updated_at) }));
    },
    get: gateway,
  };

  // ---------- channels ----------

  const channelView = (c: repo.ChannelRow): PaymentChannel => ({
    id: c.id,
    kind: c.kind,
    gatewayCode: c.gateway_code,
    method: c.method as PaymentChannel['method'],
    name: c.name,
    min: formatMoney(c.min_amount),
    max: formatMoney(c.max_amount),
    feePercent: bpToPercent(c.fee_bp),
    bonusPercent: bpToPercent(c.bonus_bp),
    hours: parseJsonOr<OpeningHours | null>(c.hours, null),
    bank: parseJsonOr<BankDetails | null>(c.bank, null),
    enabled: c.enabled === 1,
    sortOrder: c.sort_order,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  });

  function checkChannel(c: {
    kind: string;
    gatewayCode?: string | null | undefined;
    min: string;
    max: string;
    bank?: BankDetails | null | undefined;
    hours?: OpeningHours | null | undefined;
  }) {
    if (parseMoney(c.min)! > parseMoney(c.max)!) throw fieldError('min', 'tooBig');
    if (parseMoney(c.max)! === 0) throw fieldError('max', 'tooSmall');
    if (c.kind === 'GATEWAY' && !c.gatewayCode) throw fieldError('gatewayCode', 'required');
    if (c.kind === 'BANK_TRANSFER' && !c.bank) throw fieldError('bank', 'required');
    if (c.hours && !isTimeZone(c.hours.timeZone)) throw fieldError('hours.timeZone', 'invalidOption');
  }

  const channels = {
    async list(operatorId: number) {
      return (await repo.listChannels(db, operatorId)).map(channelView);
    },
    async create(operatorId: number, staff: StaffActor, body: PaymentChannelCreate) {
      checkChannel(body);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertChannel(trx, {
          operator_id: operatorId,
          kind: body.kind,
          gateway_code: body.kind === 'GATEWAY' ? (body.gatewayCode ?? null) : null,
          method: body.method,
          name: body.name,
          min_amount: parseMoney(body.min)!,
          max_amount: parseMoney(body.max)!,
          fee_bp: percentToBp(body.feePercent),
          bonus_bp: percentToBp(body.bonusPercent),
          hours: body.hours ? JSON.stringify(body.hours) : null,
          bank: body.kind === 'BANK_TRANSFER' && body.bank ? JSON.stringify(body.bank) : null,
          enabled: body.enabled ? 1 : 0,
          sort_order: body.sortOrder,
          created_at: at,
          updated_at: at,
        });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'payments.channel.created',
            target: `channel:${inserted}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
        return inserted;
      });
      return channelView((await repo.findChannel(db, operatorId, id))!);
    },
    async update(operatorId: number, staff: StaffActor, id: number, patch: PaymentChannelUpdate) {
      const current = await repo.findChannel(db, operatorId, id);
      if (!current) throw new AppError('NOT_FOUND');
      const view = channelView(current);
      const next = { ...view, ...patch };
      checkChannel({ ...next, gatewayCode: next.gatewayCode });
      await db.transaction().execute(async (trx) => {
        await repo.updateChannel(trx, operatorId, id, {
          gateway_code: next.kind === 'GATEWAY' ? (next.gatewayCode ?? null) : null,
          method: next.method,
          name: next.name,
          min_amount: parseMoney(next.min)!,
          max_amount: parseMoney(next.max)!,
          fee_bp: percentToBp(next.feePercent),
          bonus_bp: percentToBp(next.bonusPercent),
          hours: next.hours ? JSON.stringify(next.hours) : null,
          bank: next.kind === 'BANK_TRANSFER' && next.bank ? JSON.stringify(next.bank) : null,
          enabled: next.enabled ? 1 : 0,
          sort_order: next.sortOrder,
          updated_at: now(),
        });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'payments.channel.updated',
            target: `channel:${id}`,
            detail: patch,
            ip: staff.ip,
          },
          trx,
        );
      });
      return channelView((await repo.findChannel(db, operatorId, id))!);
    },
    async remove(operatorId: number, staff: StaffActor, id: number) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteChannel(trx, operatorId, id))) throw new AppError('NOT_FOUND');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'payments.channel.deleted',
            target: `channel:${id}`,
            ip: staff.ip,
          },
          trx,
        );
      });
      return { deleted: true };
    },
    /** What the deposit page lists: enabled channels, each saying whether it is open right now. */
    async forMembers(operatorId: number): Promise<DepositChannel[]> {
      const at = now();
      return (await repo.listChannels(db, operatorId))
        .filter((c) => c.enabled === 1)
        .map((c) => {
          const v = channelView(c);
          return {
            channelId: v.id,
            name: v.name,
            kind: v.kind,
            method: v.method,
            min: v.min,
            max: v.max,
            feePercent: v.feePercent,
            bonusPercent: v.bonusPercent,
            hours: v.hours,
            openNow: isOpenAt(v.hours, at),
            bank: v.bank,
          };
        });
    },
    /** Demo data: one bank transfer and one QR channel through the reference gateway (once). */
    async seedDemo(operatorId: number) {
      if ((await repo.listChannels(db, operatorId)).length) return;
      const at = now();
      const base = { operator_id: operatorId, enabled: 1, created_at: at, updated_at: at, hours: null };
      await repo.insertChannel(db, {
        ...base,
        kind: 'BANK_TRANSFER',
        gateway_code: null,
        method: 'BANK',
        name: 'Bank transfer',
        min_amount: 10_000,
        max_amount: 10_000_000,
        fee_bp: 0,
        bonus_bp: 0,
        bank: JSON.stringify({
          bankName: 'Playhouse Demo Bank',
          accountName: 'Playhouse Gaming Ltd',
          accountNo: '0012 3456 7890',
          branch: 'Makati',
        }),
        sort_order: 2,
      });
      await repo.insertChannel(db, {
        ...base,
        kind: 'GATEWAY',
        gateway_code: REFERENCE_GATEWAY_CODE,
        method: 'QR',
        name: 'QR / e-wallet (RefPay)',
        min_amount: 10_000,
        max_amount: 5_000_000,
        fee_bp: 0,
        bonus_bp: 0,
        bank: null,
        sort_order: 1,
      });
    },
  };

  // ---------- turnover ----------

  const turnover = {
    /** Required and achieved wagering of the member (achieved: the ledger's one rule for stakes). */
    async of(memberId: number, trx: Db = db) {
      const row = await repo.findTurnover(trx, memberId);
      if (!row) return { required: 0, achieved: 0, remaining: 0 };
      const achieved = await ledger.staked(memberId, { afterEntry: row.sinceEntryId }, trx);
      return { required: row.required, achieved, remaining: Math.max(0, row.required - achieved) };
    },
    /**
     * Adds wagering to the member's requirement after a credit (inside its ledger transaction, under
     * the member's lock). A requirement already met starts a new cycle counted from this entry.
     */
    async add(trx: Db, operatorId: number, memberId: number, amount: number, entryId: number) {
      if (amount <= 0) return;
      const row = await repo.findTurnover(trx, memberId);
      const current = row ? await turnover.of(memberId, trx) : undefined;
      if (!row || !current || current.remaining === 0)
        await repo.saveTurnover(trx, operatorId, memberId, amount, entryId, now());
      else await repo.saveTurnover(trx, operatorId, memberId, row.required + amount, row.sinceEntryId, now());
    },
  };

  // ---------- deposits ----------

  const depositView = (d: repo.DepositRow): DepositItem => ({
    depositId: d.id,
    channelId: d.channel_id,
    channelName: d.channel_name,
    kind: d.kind,
    method: d.method as DepositItem['method'],
    amount: formatMoney(d.amount),
    fee: formatMoney(d.fee),
    bonus: formatMoney(d.bonus),
    credited: formatMoney(d.amount - d.fee + d.bonus),
    status: d.status,
    reference: d.reference,
    reason: d.reason,
    receiptIds: parseJsonOr<string[]>(d.receipts, []),
    payUrl: d.status === 'PENDING' ? d.pay_url : null,
    createdAt: d.created_at,
    decidedAt: d.decided_at,
  });

  /**
   * Credits a deposit once: one ledger entry keyed by the deposit id whose `apply` moves the row from
   * one of `from` to APPROVED (or refuses, undoing the entry), adds turnover and audits.
   */
  async function credit(
    d: repo.DepositRow,
    from: repo.DepositRow['status'][],
    by: { staff?: StaffActor; event?: GatewayCallback },
  ) {
    const code = d.gateway_code ?? 'BANK';
    const settingsNow = await settings(d.operator_id);
    const received = d.amount - d.fee;
    const posted = await ledger.post({
      operatorId: d.operator_id,
      kind: 'deposit',
      source: `payments:${code}`,
      key: d.id,
      requestHash: requestHash({ deposit: d.id, amount: d.amount, fee: d.fee, bonus: d.bonus }),
      memberId: d.member_id,
      currency: d.currency,
      reference: d.id,
      legs: [
        { member: d.member_id, amount: received + d.bonus },
        { house: `payments:${code}`, amount: -received },
        { house: 'bonus', amount: -d.bonus },
      ],
      respond: ({ balance }) => ({ depositId: d.id, status: 'APPROVED', balance: formatMoney(balance!) }),
      apply: async (trx, moved) => {
        const at = now();
        if (
          !(await repo.transitionDeposit(
            trx,
            d.id,
            from,
            {
              status: 'APPROVED',
              entry_id: moved.entryId,
              decided_by: by.staff?.username ?? code,
              reason: null,
            },
            at,
          ))
        )
          throw new AppError('ALREADY_DECIDED');
        // The limit again, under the lock the movement holds: a limit lowered since the deposit was
        // started refuses it (decision 023).
        await protection.assertDepositFits(trx, {
          operatorId: d.operator_id,
          memberId: d.member_id,
          amount: received + d.bonus,
          at,
          entryId: moved.entryId,
        });
        await turnover.add(
          trx,
          d.operator_id,
          d.member_id,
          turnoverFor(d.amount, d.bonus, {
            deposit: settingsNow.turnover.depositMultiplier,
            bonus: settingsNow.turnover.bonusMultiplier,
          }),
          moved.entryId,
        );
        await inbox.send(trx, {
          operatorId: d.operator_id,
          memberId: d.member_id,
          kind: 'deposit_credited',
          params: { amount: formatMoney(received + d.bonus), currency: d.currency },
          dedupeKey: d.id,
        });
        await audit.record(
          {
            operatorId: d.operator_id,
            actorType: by.staff ? 'staff' : 'system',
            actorId: by.staff ? String(by.staff.id) : `gateway:${code}`,
            action: 'payments.deposit.approved',
            target: `deposit:${d.id}`,
            detail: {
              entryId: moved.entryId,
              member: d.member_id,
              amount: formatMoney(d.amount),
              credited: formatMoney(received + d.bonus),
              ...(by.event ? { paymentId: by.event.paymentId, eventId: by.event.eventId } : {}),
            },
            ip: by.staff?.ip ?? null,
          },
          trx,
        );
      },
    });
    if (!posted.duplicate) await depositCredited(d, posted.entryId);
    return posted;
  }

  /**
   * Who follows credited deposits (promotions pay deposit bonuses): told once per deposit, after its
   * entry committed; a listener's failure never undoes or fails the deposit.
   */
  const creditListeners: ((event: DepositCredited) => Promise<void>)[] = [];
  async function depositCredited(d: repo.DepositRow, entryId: number) {
    const event: DepositCredited = {
      operatorId: d.operator_id,
      memberId: d.member_id,
      depositId: d.id,
      amount: d.amount,
      currency: d.currency,
      entryId,
    };
    await Promise.allSettled(creditListeners.map((listener) => listener(event)));
  }
  /** Calls `listener` after every deposit credit (once per deposit). */
  function onCredited(listener: (event: DepositCredited) => Promise<void>) {
    creditListeners.push(listener);
  }
  /** The id of the member's first credited deposit (by ledger entry), if any. */
  const firstCreditedId = (memberId: number) => repo.firstApprovedDepositId(db, memberId);

  /** Marks a deposit FAILED (gateway) or REJECTED (operator) from PENDING, audited; false if it was not PENDING. */
  async function close(
    d: repo.DepositRow,
    status: 'FAILED' | 'REJECTED',
    reason: string,
    by: { staff?: StaffActor; code?: string },
  ) {
    const closed = await db.transaction().execute(async (trx) => {
      const changed = await repo.transitionDeposit(
        trx,
        d.id,
        ['PENDING'],
        { status, reason, decided_by: by.staff?.username ?? by.code ?? null },
        now(),
      );
      if (!changed) return false;
      await audit.record(
        {
          operatorId: d.operator_id,
          actorType: by.staff ? 'staff' : 'system',
          actorId: by.staff ? String(by.staff.id) : `gateway:${by.code}`,
          action: status === 'REJECTED' ? 'payments.deposit.rejected' : 'payments.deposit.failed',
          target: `deposit:${d.id}`,
          detail: { member: d.member_id, amount: formatMoney(d.amount), reason },
          ip: by.staff?.ip ?? null,
        },
        trx,
      );
      return true;
    });
    if (closed) for (const listener of closeListeners) listener(d, status);
    return closed;
  }
  /** Who follows deposits closed without money moving (live updates): told after commit. */
  const closeListeners: ((d: repo.DepositRow, status: 'FAILED' | 'REJECTED') => void)[] = [];

  /**
   * A gateway payment whose credit the deposit limit refused (a limit lowered after it was started):
   * the deposit is closed FAILED with the reason, for the money desk to return the payment through the
   * gateway. True when `error` was that refusal.
   */
  async function refusedByLimit(d: repo.DepositRow, error: unknown) {
    if (!(error instanceof AppError) || error.code !== 'DEPOSIT_LIMIT_REACHED') return false;
    await close(d, 'FAILED', 'DEPOSIT_LIMIT_REACHED', { code: d.gateway_code ?? 'BANK' });
    return true;
  }

  const deposits = {
    /**
     * Starts a deposit. Judged first: the channel open and in range, the member allowed to deposit
     * (responsible gambling: limits count deposits still waiting), a bank transfer's reference and
     * receipts the member's own. A gateway deposit gets the gateway's hosted page to pay on.
     */
    async create(
      who: AuthenticatedMember,
      body: DepositRequest,
      options: { returnUrl?: string | undefined } = {},
    ) {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      if (body.requestId) {
        const earlier = await repo.findDepositByRequest(db, who.operatorId, who.id, body.requestId);
        if (earlier)
          return {
            depositId: earlier.id,
            status: earlier.status,
            ...(earlier.pay_url ? { payUrl: earlier.pay_url } : {}),
          };
      }
      const channel = await repo.findChannel(db, who.operatorId, body.channelId);
      if (!channel) throw new AppError('NOT_FOUND');
      const hours = parseJsonOr<OpeningHours | null>(channel.hours, null);
      if (channel.enabled !== 1 || !isOpenAt(hours, now())) throw new AppError('CHANNEL_CLOSED');
      const amount = parseMoney(body.amount)!;
      if (amount < channel.min_amount || amount > channel.max_amount || amount === 0)
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          params: { min: formatMoney(channel.min_amount), max: formatMoney(channel.max_amount) },
          fields: {
            amount: [
              {
                key: 'invalid',
                params: { min: formatMoney(channel.min_amount), max: formatMoney(channel.max_amount) },
              },
            ],
          },
        });
      const receipts = body.receiptIds ?? [];
      if (channel.kind === 'BANK_TRANSFER') {
        if (!body.reference) throw fieldError('reference', 'required');
        await uploads.assertOwned(who.id, who.operatorId, receipts, 'receipt', 'receiptIds');
      }
      const member = await ledger.wallet({ memberId: who.id });
      if (!member) throw new AppError('SESSION_EXPIRED');
      const at = now();
      const figures = depositFigures(amount, channel.fee_bp, channel.bonus_bp);
      const id = newId('D', at);
      // One atomic step (decision 023): under the member's wallet lock, the deposits still waiting
      // count as if credited, the limits and breaks are judged, and the deposit is written, so
      // parallel requests each see the ones before them. The credit judges the limit again.
      const inserted = await db.transaction().execute(async (trx) => {
        await ledger.lockMember(trx, who.operatorId, who.id, member.currency);
        const waiting = await repo.sumPendingCredits(trx, who.id);
        await protection.assertDepositAllowed(trx, {
          operatorId: who.operatorId,
          memberId: who.id,
          amount: figures.credited + waiting,
          at,
        });
        return repo.insertDeposit(trx, {
          id,
          operator_id: who.operatorId,
          member_id: who.id,
          channel_id: channel.id,
          channel_name: channel.name,
          kind: channel.kind,
          method: channel.method,
          gateway_code: channel.kind === 'GATEWAY' ? channel.gateway_code : null,
          amount,
          fee: figures.fee,
          bonus: figures.bonus,
          currency: member.currency,
          status: 'PENDING',
          reference: body.reference ?? null,
          reason: null,
          receipts: JSON.stringify(channel.kind === 'BANK_TRANSFER' ? receipts : []),
          request_id: body.requestId ?? null,
          pay_url: null,
          gateway_payment_id: null,
          entry_id: null,
          decided_by: null,
          created_at: at,
          updated_at: at,
          decided_at: null,
        });
      });
      if (!inserted) {
        // The same request id raced in: answer the one that was recorded.
        const earlier = await repo.findDepositByRequest(db, who.operatorId, who.id, body.requestId!);
        return {
          depositId: earlier!.id,
          status: earlier!.status,
          ...(earlier!.pay_url ? { payUrl: earlier!.pay_url } : {}),
        };
      }
      if (channel.kind === 'BANK_TRANSFER') return { depositId: id, status: 'PENDING' as const };

      const gw = await gateway(who.operatorId, channel.gateway_code!);
      const d = (await repo.findDeposit(db, who.operatorId, id))!;
      if (!gw) {
        await close(d, 'FAILED', 'GATEWAY_UNAVAILABLE', { code: channel.gateway_code! });
        throw new AppError('GATEWAY_UNAVAILABLE');
      }
      try {
        const payment = await gw.createPayment({
          merchantReference: id,
          amount: formatMoney(amount),
          currency: member.currency,
          method: channel.method,
          description: channel.name,
          returnUrl: options.returnUrl
            ? `${options.returnUrl}${options.returnUrl.includes('?') ? '&' : '?'}depositId=${id}`
            : undefined,
        });
        await repo.setDepositPayment(db, id, payment.paymentId, payment.payUrl, now());
        return { depositId: id, status: 'PENDING' as const, payUrl: payment.payUrl };
      } catch (error) {
        await close(d, 'FAILED', 'GATEWAY_UNAVAILABLE', { code: channel.gateway_code! });
        throw error;
      }
    },

    /** One of the member's deposits; a waiting gateway deposit is checked with the gateway first. */
    async detail(who: AuthenticatedMember, depositId: string): Promise<DepositItem> {
      let d = await repo.findDeposit(db, who.operatorId, depositId);
      if (!d || d.member_id !== who.id) throw new AppError('NOT_FOUND');
      if (d.status === 'PENDING' && d.gateway_code && d.gateway_payment_id) {
        await deposits.reconcile(d).catch(() => undefined);
        d = (await repo.findDeposit(db, who.operatorId, depositId))!;
      }
      return depositView(d);
    },

    /**
     * Asks the gateway for a waiting deposit's state and settles it (a webhook that never came): PAID
     * credits through the same keyed entry as the webhook (so a late or racing webhook moves nothing
     * more), FAILED / CANCELLED / EXPIRED close it. Answers what it did: `credited`, `closed`,
     * `waiting` (the gateway still waits, or it was settled meanwhile) or `mismatch` (the gateway
     * names another deposit or amount: left for an operator, audited).
     */
    async reconcile(d: repo.DepositRow): Promise<'credited' | 'closed' | 'waiting' | 'mismatch'> {
      const gw = await gateway(d.operator_id, d.gateway_code!);
      if (!gw) throw new AppError('GATEWAY_UNAVAILABLE');
      if (!d.gateway_payment_id) {
        // The gateway never answered the create call (a crash in between): no payment to pay.
        return (await close(d, 'FAILED', 'GATEWAY_UNAVAILABLE', { code: d.gateway_code! }))
          ? 'closed'
          : 'waiting';
      }
      const state = await gw.queryPayment(d.gateway_payment_id);
      if (
        state.merchantReference !== d.id ||
        parseMoney(state.amount) !== d.amount ||
        state.currency !== d.currency
      ) {
        await audit.record({
          operatorId: d.operator_id,
          actorType: 'system',
          actorId: `gateway:${d.gateway_code}`,
          action: 'payments.reconcile.mismatch',
          target: `deposit:${d.id}`,
          detail: { state },
        });
        return 'mismatch';
      }
      if (state.status === 'PAID') {
        try {
          const posted = await credit(d, ['PENDING', 'FAILED'], {});
          return posted.duplicate ? 'waiting' : 'credited';
        } catch (error) {
          if (await refusedByLimit(d, error)) return 'closed';
          ignoreDecided(error);
          return 'waiting';
        }
      }
      if (['FAILED', 'CANCELLED', 'EXPIRED'].includes(state.status))
        return (await close(d, 'FAILED', state.status, { code: d.gateway_code! })) ? 'closed' : 'waiting';
      return 'waiting';
    },

    async history(
      who: AuthenticatedMember,
      query: { pageNo: number; pageSize: number; status?: string | undefined },
    ) {
      const { rows, total } = await repo.listDeposits(
        db,
        { operatorId: who.operatorId, memberId: who.id, status: query.status },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map(depositView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * A gateway's callback: signature first (a forged or altered one is INVALID_SIGNATURE and moves
     * nothing), then the event must name one of this gateway's deposits with its amount and currency.
     * PAID credits once; FAILED, CANCELLED and EXPIRED close a waiting deposit and never a credited one.
     */
    async callback(operatorId: number, code: string, headers: Record<string, unknown>, rawBody: Buffer) {
      const gw = await gateway(operatorId, code);
      if (!gw) throw new AppError('INVALID_SIGNATURE');
      const event = gw.verifyCallback(headers, rawBody);
      const d = await repo.findDeposit(db, operatorId, event.merchantReference);
      if (!d || d.gateway_code !== code) throw new AppError('NOT_FOUND');
      if (
        (d.gateway_payment_id && d.gateway_payment_id !== event.paymentId) ||
        parseMoney(event.amount) !== d.amount ||
        event.currency !== d.currency
      ) {
        await audit.record({
          operatorId,
          actorType: 'system',
          actorId: `gateway:${code}`,
          action: 'payments.callback.mismatch',
          target: `deposit:${d.id}`,
          detail: { event },
        });
        throw new AppError('CONFLICT');
      }
      if (event.status === 'PAID') {
        if (d.status === 'APPROVED') return { received: true, status: d.status, duplicate: true };
        if (d.status === 'REJECTED') throw new AppError('ALREADY_DECIDED', { extra: { status: d.status } });
        try {
          const posted = await credit(d, ['PENDING', 'FAILED'], { event });
          return { received: true, status: 'APPROVED', duplicate: posted.duplicate };
        } catch (error) {
          if (await refusedByLimit(d, error)) return { received: true, status: 'FAILED', duplicate: false };
          if (!(error instanceof AppError) || error.code !== 'ALREADY_DECIDED') throw error;
          const now_ = (await repo.findDeposit(db, operatorId, d.id))!;
          if (now_.status === 'APPROVED') return { received: true, status: now_.status, duplicate: true };
          throw error;
        }
      }
      const closed = d.status === 'PENDING' && (await close(d, 'FAILED', event.status, { code }));
      const current = closed ? 'FAILED' : (await repo.findDeposit(db, operatorId, d.id))!.status;
      return { received: true, status: current, duplicate: !closed };
    },

    // ---------- the money desk ----------

    async desk(operatorId: number, query: DeskQuery) {
      const timeZone = (await settings(operatorId)).timeZone;
      let memberId: number | undefined;
      if (query.userName) {
        const m = await ledger.wallet({ operatorId, userName: query.userName });
        if (!m) return emptyPage(query);
        memberId = m.memberId;
      }
      const { rows, total } = await repo.listDeposits(
        db,
        {
          operatorId,
          memberId,
          status: query.status,
          channelId: query.channelId,
          from: query.startDate ? dayStart(query.startDate, timeZone) : undefined,
          to: query.endDate ? dayStart(addDays(query.endDate, 1), timeZone) : undefined,
        },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map((d) => ({
          ...depositView(d),
          payUrl: null,
          userName: d.username,
          memberId: d.member_id,
          gatewayCode: d.gateway_code,
          gatewayPaymentId: d.gateway_payment_id,
          decidedBy: d.decided_by,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** An operator approves a bank transfer: credited once, however many operators press at once. */
    async approve(operatorId: number, staff: StaffActor, depositId: string): Promise<DeskDecision> {
      const d = await repo.findDeposit(db, operatorId, depositId);
      if (!d) throw new AppError('NOT_FOUND');
      if (d.kind !== 'BANK_TRANSFER') throw new AppError('CONFLICT');
      if (d.status === 'APPROVED') return { id: d.id, status: d.status, duplicate: true };
      if (d.status !== 'PENDING') throw new AppError('ALREADY_DECIDED', { extra: { status: d.status } });
      try {
        const posted = await credit(d, ['PENDING'], { staff });
        return { id: d.id, status: 'APPROVED', duplicate: posted.duplicate };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'ALREADY_DECIDED') throw error;
        const current = (await repo.findDeposit(db, operatorId, depositId))!;
        if (current.status === 'APPROVED') return { id: d.id, status: current.status, duplicate: true };
        throw new AppError('ALREADY_DECIDED', { extra: { status: current.status } });
      }
    },

    async reject(
      operatorId: number,
      staff: StaffActor,
      depositId: string,
      reason: string,
    ): Promise<DeskDecision> {
      const d = await repo.findDeposit(db, operatorId, depositId);
      if (!d) throw new AppError('NOT_FOUND');
      if (d.kind !== 'BANK_TRANSFER') throw new AppError('CONFLICT');
      if (await close(d, 'REJECTED', reason, { staff }))
        return { id: d.id, status: 'REJECTED', duplicate: false };
      const current = (await repo.findDeposit(db, operatorId, depositId))!;
      if (current.status === 'REJECTED') return { id: d.id, status: current.status, duplicate: true };
      throw new AppError('ALREADY_DECIDED', { extra: { status: current.status } });
    },
  };

  // ---------- daily summary ----------

  async function summary(
    operatorId: number,
    query: { startDate?: string | undefined; endDate?: string | undefined },
  ): Promise<MoneySummary> {
    const { timeZone } = await settings(operatorId);
    const today = dayAt(now(), timeZone);
    const endDate = query.endDate ?? today;
    const startDate = query.startDate ?? addDays(endDate, -6);
    if (endDate < startDate) throw fieldError('endDate', 'dateRange', { min: startDate, max: endDate });
    if (addDays(startDate, MAX_SUMMARY_DAYS - 1) < endDate)
      throw fieldError('endDate', 'periodTooLong', { months: 3 });
    const from = dayStart(startDate, timeZone);
    const to = dayStart(addDays(endDate, 1), timeZone);
    const rows = await repo.summaryRows(db, operatorId, from, to);
    const blank = () => ({
      depositCount: 0,
      deposit: 0,
      withdrawalCount: 0,
      withdrawal: 0,
      pendingDeposits: 0,
      pendingWithdrawals: 0,
    });
    const days = new Map<string, ReturnType<typeof blank>>();
    for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.set(day, blank());
    const totals = blank();
    for (const r of rows.deposits) {
      const bucket = days.get(dayAt(r.at, timeZone));
      for (const b of [bucket, totals]) {
        if (!b) continue;
        if (r.status === 'APPROVED') {
          b.depositCount += 1;
          b.deposit += r.amount - r.fee + r.bonus;
        } else b.pendingDeposits += 1;
      }
    }
    for (const r of rows.withdrawals) {
      const bucket = days.get(dayAt(r.at, timeZone));
      for (const b of [bucket, totals]) {
        if (!b) continue;
        if (r.status === 'APPROVED') {
          b.withdrawalCount += 1;
          b.withdrawal += r.amount;
        } else b.pendingWithdrawals += 1;
      }
    }
    const view = (b: ReturnType<typeof blank>) => ({
      depositCount: b.depositCount,
      depositAmount: formatMoney(b.deposit),
      withdrawalCount: b.withdrawalCount,
      withdrawalAmount: formatMoney(b.withdrawal),
      net: formatMoney(b.deposit - b.withdrawal),
      pendingDeposits: b.pendingDeposits,
      pendingWithdrawals: b.pendingWithdrawals,
    });
    return {
      timeZone,
      days: [...days.entries()].map(([day, b]) => ({ day, ...view(b) })),
      totals: view(totals),
    };
  }

  return {
    settings,
    updateSettings,
    gateways,
    channels,
    deposits,
    turnover,
    summary,
    onCredited,
    /** Calls `listener` after a deposit is closed as FAILED or REJECTED (nothing moved). */
    onClosed: (listener: (d: repo.DepositRow, status: 'FAILED' | 'REJECTED') => void) =>
      void closeListeners.push(listener),
    firstCreditedId,
  };
}

function ignoreDecided(error: unknown) {
  if (error instanceof AppError && error.code === 'ALREADY_DECIDED') return;
  throw error;
}

function emptyPage(query: { pageNo: number; pageSize: number }) {
  return { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0, totalPages: 0 };
}

/** A deposit credited to a member (amount before fee and bonus, minor units). */
export interface DepositCredited {
  operatorId: number;
  memberId: number;
  depositId: string;
  amount: number;
  currency: string;
  entryId: number;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
