import { randomBytes } from 'node:crypto';
import { addDays } from '@playhouse/contract/account-record';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import type { LanguageCode } from '@playhouse/contract/languages';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  MAX_BANK_CARDS,
  type BankCard,
  type BankCardCreate,
  type DeskDecision,
  type DeskQuery,
  type FundPasswordBody,
  type FundPasswordReset,
  type WithdrawalItem,
  type WithdrawInfo,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@playhouse/contract/payments';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LoginThrottle, ThrottlePolicy } from '../auth/login-throttle.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { dayAt, dayStart } from '../transactions/period.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { normalizeMobile } from '../verification/mobile.ts';
import { REFERENCE_GATEWAY_CODE } from './gateway.ts';
import { maskAccountNo, normaliseAccountNo } from './payment-rules.ts';
import type { PaymentsService, StaffActor } from './payments.service.ts';
import * as repo from './payments.repository.ts';

/**
 * Withdrawals and what they need: the payee name, bank cards and e-wallet accounts, the fund
 * password, daily limits and turnover (architecture: "Withdrawals"; decision 018).
 *
 * Two-phase through the ledger (decision 012): the request holds the amount at once (member →
 * `pending`, key `hold:<id>`), and the withdrawal row is written in that entry's `apply` after the
 * daily limits and the turnover are judged under the member's lock, so parallel requests cannot all
 * fit under one limit. An operator's approval first claims the row (PENDING → PROCESSING, one
 * winner), pays through the gateway (idempotent by withdrawal id), then posts `pending` → `payments`
 * (key `pay:<id>`); a rejection posts `pending` → member (key `return:<id>`) with the row's
 * PENDING → REJECTED in its `apply`. Each step resolves at most once.
 */

/**
 * Wrong fund passwords: five free, then a doubling wait up to 15 minutes (per member and address).
 * Attempts count before they are checked (decision 014), so more than five at once also wait.
 */
export const FUND_PASSWORD_POLICY: ThrottlePolicy = {
  accountWindowMs: 24 * 3600_000,
  accountCaptchaAfter: Infinity,
  accountFreeFailures: 5,
  accountMaxBackoffMs: 15 * 60_000,
  ipWindowMs: 3600_000,
  ipCaptchaAfter: Infinity,
  ipFreeFailures: 30,
  ipMaxBackoffMs: 15 * 60_000,
};

/** A PROCESSING claim older than this may be taken again (its operator's payout call died). */
const STALE_CLAIM_MS = 60_000;

export function createWithdrawalsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  payments: PaymentsService;
  throttle: LoginThrottle;
  verification: VerificationService;
  /** Member messages ("withdrawal paid / rejected"), sent in the settling transaction. */
  inbox: InboxService;
  /** The daily withdrawal limits of the member's VIP rank, which replace the operator's (H6). */
  memberLimits?: (memberId: number) => Promise<{ dailyCount: number; dailyAmount: string } | undefined>;
}) {
  const { db, ledger, audit, payments, throttle, verification, inbox } = deps;

  /** The payment settings with the member's own daily withdrawal limits when their rank sets them. */
  async function settingsFor(who: AuthenticatedMember) {
    const [s, own] = await Promise.all([payments.settings(who.operatorId), deps.memberLimits?.(who.id)]);
    return own ? { ...s, withdrawal: { ...s.withdrawal, ...own } } : s;
  }

  async function profileOf(memberId: number) {
    const p = await repo.memberProfile(db, memberId);
    if (!p) throw new AppError('SESSION_EXPIRED');
    const name = p.profile.payeeName;
    return { ...p, payeeName: typeof name === 'string' && name.trim() ? name.trim() : null };
  }

  const cardView = (c: repo.CardRow): BankCard => ({
    bankCardId: c.id,
    kind: c.kind,
    bankName: c.bank_name,
    accountNoMasked: maskAccountNo(c.account_no),
    payeeName: c.payee_name,
    createdAt: c.created_at,
  });

  const memberAudit = (
    who: AuthenticatedMember,
    ip: string,
    action: string,
    target: string,
    detail?: unknown,
  ) =>
    audit.record({
      operatorId: who.operatorId,
      actorType: 'member',
      actorId: String(who.id),
      action,
      target,
      ...(detail === undefined ? {} : { detail }),
      ip,
    });

  // ---------- real name ----------

  const realName = {
    async get(who: AuthenticatedMember) {
      return { realName: (await profileOf(who.id)).payeeName };
    },
    async set(who: AuthenticatedMember, name: string, ip: string) {
      if (!(await repo.setPayeeName(db, who.id, name))) throw new AppError('CONFLICT');
      await memberAudit(who, ip, 'member.real_name.set', `member:${who.id}`);
      return { realName: name };
    },
  };

  // ---------- bank cards ----------

  const cards = {
    async list(who: AuthenticatedMember) {
      return (await repo.listCards(db, who.id)).map(cardView);
    },
    async add(who: AuthenticatedMember, body: BankCardCreate, ip: string) {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      const { payeeName } = await profileOf(who.id);
      if (!payeeName) throw new AppError('REAL_NAME_REQUIRED');
      if ((await repo.listCards(db, who.id)).length >= MAX_BANK_CARDS)
        throw new AppError('BANK_CARD_LIMIT', { params: { max: MAX_BANK_CARDS } });
      const id = await repo.insertCard(db, {
        operator_id: who.operatorId,
        member_id: who.id,
        kind: body.kind,
        bank_name: body.bankName,
        account_no: normaliseAccountNo(body.accountNo),
        payee_name: payeeName,
        created_at: now(),
      });
      if (id === undefined) throw new AppError('BANK_CARD_EXISTS');
      await memberAudit(who, ip, 'payments.card.added', `card:${id}`, {
        kind: body.kind,
        bankName: body.bankName,
        accountNo: maskAccountNo(body.accountNo),
      });
      return cardView((await repo.findCard(db, who.id, id))!);
    },
    /** Removes one of the member's own cards; anyone else's id is NOT_FOUND. */
    async remove(who: AuthenticatedMember, id: number, ip: string) {
      if (!(await repo.deleteCard(db, who.id, id))) throw new AppError('NOT_FOUND');
      await memberAudit(who, ip, 'payments.card.removed', `card:${id}`);
      return { deleted: true };
    },
  };

  // ---------- fund password ----------

  /** The stored hash: our own row, or the payment password given at registration. */
  async function fundHash(memberId: number) {
    const row = await repo.findFundPassword(db, memberId);
    if (row) return { hash: row.password_hash, updatedAt: Number(row.updated_at) };
    const { profile } = await profileOf(memberId);
    return typeof profile.paymentPasswordHash === 'string'
      ? { hash: profile.paymentPasswordHash, updatedAt: null }
      : undefined;
  }

  /** Checks a password under the fund-password throttle (counted before it is compared). */
  async function checkThrottled(who: AuthenticatedMember, ip: string, hash: string, given: string) {
    const attempt = await throttle.begin(who.operatorId, ip, `m${who.id}`, FUND_PASSWORD_POLICY);
    try {
      await attempt.claim();
      const ok = await verifyPassword(hash, given);
      await (ok ? attempt.succeed() : attempt.fail());
      return ok;
    } catch (error) {
      await attempt.release();
      throw error;
    }
  }

  /** A fund password must not be the login password: one stolen password would then open both. */
  async function refuseLoginPassword(who: AuthenticatedMember, candidate: string, loginPassword?: string) {
    const same =
      loginPassword !== undefined
        ? candidate === loginPassword
        : await (async () => {
            const { password_hash } = await profileOf(who.id);
            return Boolean(password_hash) && (await verifyPassword(password_hash!, candidate));
          })();
    if (same)
      throw new AppError('FUND_PASSWORD_SAME_AS_LOGIN', {
        fields: { newFundPassword: [{ key: 'fundSameAsLogin' }] },
      });
  }

  async function saveFund(who: AuthenticatedMember, password: string, ip: string, how: string) {
    await repo.saveFundPassword(db, who.operatorId, who.id, await hashPassword(password), now());
    await memberAudit(who, ip, 'member.fund_password.set', `member:${who.id}`, { how });
    return { set: true, updatedAt: now() };
  }

  const fundPassword = {
    /**
     * Checks the member's fund password under its throttle before a money movement of theirs (a team
     * transfer): FUND_PASSWORD_NOT_SET without one, FUND_PASSWORD_INCORRECT when it does not match.
     */
    async verify(who: AuthenticatedMember, given: string, ip: string) {
      const fund = await fundHash(who.id);
      if (!fund) throw new AppError('FUND_PASSWORD_NOT_SET');
      if (!(await checkThrottled(who, ip, fund.hash, given)))
        throw new AppError('FUND_PASSWORD_INCORRECT', { fields: { fundPassword: [{ key: 'invalid' }] } });
    },
    async status(who: AuthenticatedMember) {
      const found = await fundHash(who.id);
      return { set: Boolean(found), updatedAt: found?.updatedAt ?? null };
    },
    /** Set the first one with the login password, change it with the old one. */
    async set(who: AuthenticatedMember, body: FundPasswordBody, ip: string) {
      const current = await fundHash(who.id);
      if (current) {
        if (!body.oldFundPassword) throw fieldError('oldFundPassword', 'required');
        if (!(await checkThrottled(who, ip, current.hash, body.oldFundPassword)))
          throw new AppError('FUND_PASSWORD_INCORRECT', {
            fields: { oldFundPassword: [{ key: 'invalid' }] },
          });
        if (body.oldFundPassword === body.newFundPassword) throw new AppError('FUND_PASSWORD_UNCHANGED');
        await refuseLoginPassword(who, body.newFundPassword);
        return saveFund(who, body.newFundPassword, ip, 'change');
      }
      if (!body.loginPassword) throw fieldError('loginPassword', 'required');
      const { password_hash } = await profileOf(who.id);
      if (!password_hash || !(await checkThrottled(who, ip, password_hash, body.loginPassword)))
        throw new AppError('OLD_PASSWORD_INCORRECT', { fields: { loginPassword: [{ key: 'invalid' }] } });
      await refuseLoginPassword(who, body.newFundPassword, body.loginPassword);
      return saveFund(who, body.newFundPassword, ip, 'set');
    },
    /** Forgot: a code by SMS to the member's bound phone (through the verification module). */
    async sendCode(
      who: AuthenticatedMember,
      input: { siteName: string; language: LanguageCode; ip: string },
    ) {
      const p = await profileOf(who.id);
      if (!p.mobile_num || !p.country_dialing_code) throw new AppError('ACCOUNT_UNAVAILABLE');
      return verification.send({
        operatorId: who.operatorId,
        siteName: input.siteName,
        language: input.language,
        purpose: 'fund-password',
        mobile: normalizeMobile(p.country_dialing_code, p.mobile_num),
        ip: input.ip,
      });
    },
    async reset(who: AuthenticatedMember, body: FundPasswordReset, ip: string) {
      const p = await profileOf(who.id);
      if (!p.mobile_num || !p.country_dialing_code) throw new AppError('ACCOUNT_UNAVAILABLE');
      // Refused before the code is used up, so the member can try another password with it.
      await refuseLoginPassword(who, body.newFundPassword);
      await verification.verifyAndConsume({
        operatorId: who.operatorId,
        purpose: 'fund-password',
        countryDialingCode: p.country_dialing_code,
        mobileNum: p.mobile_num,
        code: body.verificationCode,
      });
      return saveFund(who, body.newFundPassword, ip, 'sms');
    },
  };

  // ---------- withdrawals ----------

  const itemView = (w: repo.WithdrawalRow): WithdrawalItem => ({
    withdrawalId: w.id,
    amount: formatMoney(w.amount),
    status: w.status,
    bankName: w.bank_name,
    accountNoMasked: maskAccountNo(w.account_no),
    payeeName: w.payee_name,
    reason: w.reason,
    createdAt: w.created_at,
    decidedAt: w.decided_at,
  });

  async function usageToday(memberId: number, timeZone: string, trx: Db = db) {
    const at = now();
    return repo.withdrawalUsage(trx, memberId, dayStart(dayAt(at, timeZone), timeZone));
  }

  const withdrawals = {
    async info(who: AuthenticatedMember): Promise<WithdrawInfo> {
      const s = await settingsFor(who);
      const [wallet, usage, turnover, fund, profile, list] = await Promise.all([
        ledger.wallet({ memberId: who.id }),
        usageToday(who.id, s.timeZone),
        payments.turnover.of(who.id),
        fundHash(who.id),
        profileOf(who.id),
        repo.listCards(db, who.id),
      ]);
      return {
        balance: formatMoney(wallet?.balance ?? 0),
        currency: wallet?.currency ?? profile.currency,
        min: s.withdrawal.min,
        max: s.withdrawal.max,
        dailyCount: { limit: s.withdrawal.dailyCount, used: usage.count },
        dailyAmount: { limit: s.withdrawal.dailyAmount, used: formatMoney(usage.amount) },
        turnover: {
          required: formatMoney(turnover.required),
          achieved: formatMoney(turnover.achieved),
          remaining: formatMoney(turnover.remaining),
        },
        fundPasswordSet: Boolean(fund),
        payeeName: profile.payeeName,
        cards: list.map(cardView),
      };
    },

    async turnover(who: AuthenticatedMember) {
      const t = await payments.turnover.of(who.id);
      return {
        required: formatMoney(t.required),
        achieved: formatMoney(t.achieved),
        remaining: formatMoney(t.remaining),
      };
    },

    /**
     * A withdrawal request: fund password (throttled), the member's own card, the amount in range,
     * then the hold; the daily limits and turnover are judged inside the hold's transaction.
     */
    async request(who: AuthenticatedMember, body: WithdrawRequest, ip: string): Promise<WithdrawResponse> {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      const fund = await fundHash(who.id);
      if (!fund) throw new AppError('FUND_PASSWORD_NOT_SET');
      if (!(await checkThrottled(who, ip, fund.hash, body.fundPassword)))
        throw new AppError('FUND_PASSWORD_INCORRECT', { fields: { fundPassword: [{ key: 'invalid' }] } });
      const card = await repo.findCard(db, who.id, body.bankCardId);
      if (!card) throw new AppError('NOT_FOUND');
      const s = await settingsFor(who);
      const amount = parseMoney(body.amount)!;
      const min = parseMoney(s.withdrawal.min)!;
      const max = parseMoney(s.withdrawal.max)!;
      if (amount === 0 || amount < min || amount > max)
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          params: { min: s.withdrawal.min, max: s.withdrawal.max },
          fields: { amount: [{ key: 'invalid', params: { min: s.withdrawal.min, max: s.withdrawal.max } }] },
        });
      const wallet = await ledger.wallet({ memberId: who.id });
      if (!wallet) throw new AppError('SESSION_EXPIRED');
      const at = now();
      const id = `W${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;
      const posted = await ledger.post({
        operatorId: who.operatorId,
        kind: 'withdrawal',
        source: 'withdrawal',
        key: body.requestId ? `req:${who.id}:${body.requestId}` : `hold:${id}`,
        requestHash: requestHash({ member: who.id, amount, card: card.id }),
        memberId: who.id,
        currency: wallet.currency,
        reference: id,
        legs: [
          { member: who.id, amount: -amount },
          { house: 'pending', amount },
        ],
        respond: ({ balance }): WithdrawResponse => ({
          withdrawalId: id,
          status: 'PENDING',
          balance: formatMoney(balance!),
        }),
        apply: async (trx, moved) => {
          // Under the member's lock: every earlier withdrawal and stake of theirs is committed.
          const usage = await usageToday(who.id, s.timeZone, trx);
          if (usage.count + 1 > s.withdrawal.dailyCount)
            throw new AppError('WITHDRAWAL_LIMIT_REACHED', {
              params: { limit: String(s.withdrawal.dailyCount) },
              extra: { dailyCount: s.withdrawal.dailyCount, used: usage.count },
            });
          if (usage.amount + amount > parseMoney(s.withdrawal.dailyAmount)!)
            throw new AppError('WITHDRAWAL_LIMIT_REACHED', {
              params: { limit: s.withdrawal.dailyAmount },
              extra: { dailyAmount: s.withdrawal.dailyAmount, used: formatMoney(usage.amount) },
            });
          const t = await payments.turnover.of(who.id, trx);
          if (t.remaining > 0)
            throw new AppError('TURNOVER_NOT_MET', {
              params: { remaining: formatMoney(t.remaining) },
              extra: {
                turnover: {
                  required: formatMoney(t.required),
                  achieved: formatMoney(t.achieved),
                  remaining: formatMoney(t.remaining),
                },
              },
            });
          await repo.insertWithdrawal(trx, {
            id,
            operator_id: who.operatorId,
            member_id: who.id,
            card_id: card.id,
            account_kind: card.kind,
            bank_name: card.bank_name,
            account_no: card.account_no,
            payee_name: card.payee_name,
            amount,
            currency: wallet.currency,
            status: 'PENDING',
            reason: null,
            request_id: body.requestId ?? null,
            turnover_remaining: t.remaining,
            gateway_code: null,
            payout_reference: null,
            decided_by: null,
            created_at: at,
            updated_at: at,
            decided_at: null,
          });
          await audit.record(
            {
              operatorId: who.operatorId,
              actorType: 'member',
              actorId: String(who.id),
              action: 'payments.withdrawal.requested',
              target: `withdrawal:${id}`,
              detail: { entryId: moved.entryId, amount: formatMoney(amount), card: card.id },
              ip,
            },
            trx,
          );
        },
      });
      return posted.response;
    },

    async history(
      who: AuthenticatedMember,
      query: { pageNo: number; pageSize: number; status?: string | undefined },
    ) {
      const { rows, total } = await repo.listWithdrawals(
        db,
        { operatorId: who.operatorId, memberId: who.id, status: query.status },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map(itemView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async desk(operatorId: number, query: DeskQuery) {
      const { timeZone } = await payments.settings(operatorId);
      let memberId: number | undefined;
      if (query.userName) {
        const m = await ledger.wallet({ operatorId, userName: query.userName });
        if (!m)
          return { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0, totalPages: 0 };
        memberId = m.memberId;
      }
      const { rows, total } = await repo.listWithdrawals(
        db,
        {
          operatorId,
          memberId,
          status: query.status,
          from: query.startDate ? dayStart(query.startDate, timeZone) : undefined,
          to: query.endDate ? dayStart(addDays(query.endDate, 1), timeZone) : undefined,
        },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map((w) => ({
          ...itemView(w),
          userName: w.username,
          memberId: w.member_id,
          accountNo: w.account_no,
          accountKind: w.account_kind,
          payoutReference: w.payout_reference,
          decidedBy: w.decided_by,
          turnoverRemaining: formatMoney(w.turnover_remaining),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** Answers a decision that found the withdrawal already moved on. */
    async settled(operatorId: number, id: string, wanted: 'APPROVED' | 'REJECTED'): Promise<DeskDecision> {
      const w = (await repo.findWithdrawal(db, operatorId, id))!;
      if (w.status === wanted) return { id, status: w.status, duplicate: true };
      throw new AppError('ALREADY_DECIDED', { extra: { status: w.status } });
    },

    /** Approve: claim, pay out through the gateway, then move `pending` → `payments`. */
    async approve(operatorId: number, staff: StaffActor, id: string): Promise<DeskDecision> {
      const w = await repo.findWithdrawal(db, operatorId, id);
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status !== 'PENDING' && w.status !== 'PROCESSING')
        return withdrawals.settled(operatorId, id, 'APPROVED');
      const at = now();
      const claimed =
        w.status === 'PENDING'
          ? await repo.transitionWithdrawal(
              db,
              id,
              'PENDING',
              { status: 'PROCESSING', decided_by: staff.username },
              at,
            )
          : w.updated_at < at - STALE_CLAIM_MS &&
            (await db
              .updateTable('withdrawals')
              .set({ decided_by: staff.username, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'PROCESSING')
              .where('updated_at', '=', w.updated_at)
              .executeTakeFirst()
              .then((r) => Number(r.numUpdatedRows) > 0));
      if (!claimed) return withdrawals.settled(operatorId, id, 'APPROVED');

      const code = w.gateway_code ?? REFERENCE_GATEWAY_CODE;
      const gw = await payments.gateways.get(operatorId, code);
      let payout: Awaited<ReturnType<NonNullable<typeof gw>['payout']>> | undefined;
      let failure: string | undefined;
      if (!gw) failure = 'GATEWAY_UNAVAILABLE';
      else {
        try {
          payout = await gw.payout({
            merchantReference: id,
            amount: formatMoney(w.amount),
            currency: w.currency,
            account: { bankName: w.bank_name, accountNo: w.account_no, payeeName: w.payee_name },
          });
          if (payout.status !== 'PAID') failure = payout.reason ?? 'PAYOUT_FAILED';
        } catch (error) {
          failure = error instanceof AppError ? error.code : 'GATEWAY_UNAVAILABLE';
        }
      }
      if (failure) {
        // Back to the queue, still held: the operator may try again or reject (funds returned).
        await repo.transitionWithdrawal(db, id, 'PROCESSING', { status: 'PENDING', reason: failure }, now());
        await audit.record({
          operatorId,
          actorType: 'staff',
          actorId: String(staff.id),
          action: 'payments.withdrawal.payout_failed',
          target: `withdrawal:${id}`,
          detail: { reason: failure, gateway: code },
          ip: staff.ip,
        });
        throw new AppError('PAYOUT_FAILED', { params: { reason: failure }, extra: { reason: failure } });
      }
      const posted = await ledger.post({
        operatorId,
        kind: 'withdrawal',
        source: 'withdrawal',
        key: `pay:${id}`,
        requestHash: requestHash({ withdrawal: id, amount: w.amount }),
        memberId: w.member_id,
        currency: w.currency,
        reference: id,
        legs: [
          { house: 'pending', amount: -w.amount },
          { house: `payments:${code}`, amount: w.amount },
        ],
        respond: () => ({ withdrawalId: id, status: 'APPROVED' }),
        apply: async (trx, moved) => {
          const done = await repo.transitionWithdrawal(
            trx,
            id,
            'PROCESSING',
            {
              status: 'APPROVED',
              reason: null,
              gateway_code: code,
              payout_reference: payout!.payoutId,
              decided_by: staff.username,
              decided_at: now(),
            },
            now(),
          );
          if (!done) throw new AppError('ALREADY_DECIDED');
          await inbox.send(trx, {
            operatorId,
            memberId: w.member_id,
            kind: 'withdrawal_paid',
            params: { amount: formatMoney(w.amount), currency: w.currency },
            dedupeKey: id,
          });
          await audit.record(
            {
              operatorId,
              actorType: 'staff',
              actorId: String(staff.id),
              action: 'payments.withdrawal.approved',
              target: `withdrawal:${id}`,
              detail: { entryId: moved.entryId, amount: formatMoney(w.amount), payoutId: payout!.payoutId },
              ip: staff.ip,
            },
            trx,
          );
        },
      });
      return { id, status: 'APPROVED', duplicate: posted.duplicate };
    },

    /** Reject: the held amount goes back to the member, once. */
    async reject(operatorId: number, staff: StaffActor, id: string, reason: string): Promise<DeskDecision> {
      const w = await repo.findWithdrawal(db, operatorId, id);
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status !== 'PENDING') return withdrawals.settled(operatorId, id, 'REJECTED');
      try {
        const posted = await ledger.post({
          operatorId,
          kind: 'withdrawal',
          source: 'withdrawal',
          key: `return:${id}`,
          requestHash: requestHash({ withdrawal: id, amount: w.amount }),
          memberId: w.member_id,
          currency: w.currency,
          reference: id,
          legs: [
            { house: 'pending', amount: -w.amount },
            { member: w.member_id, amount: w.amount },
          ],
          respond: ({ balance }) => ({
            withdrawalId: id,
            status: 'REJECTED',
            balance: formatMoney(balance!),
          }),
          apply: async (trx, moved) => {
            const done = await repo.transitionWithdrawal(
              trx,
              id,
              'PENDING',
              { status: 'REJECTED', reason, decided_by: staff.username, decided_at: now() },
              now(),
            );
            if (!done) throw new AppError('ALREADY_DECIDED');
            await inbox.send(trx, {
              operatorId,
              memberId: w.member_id,
              kind: 'withdrawal_rejected',
              params: { amount: formatMoney(w.amount), currency: w.currency, reason },
              dedupeKey: id,
            });
            await audit.record(
              {
                operatorId,
                actorType: 'staff',
                actorId: String(staff.id),
                action: 'payments.withdrawal.rejected',
                target: `withdrawal:${id}`,
                detail: { entryId: moved.entryId, amount: formatMoney(w.amount), reason },
                ip: staff.ip,
              },
              trx,
            );
          },
        });
        return { id, status: 'REJECTED', duplicate: posted.duplicate };
      } catch (error) {
        if (error instanceof AppError && error.code === 'ALREADY_DECIDED')
          return withdrawals.settled(operatorId, id, 'REJECTED');
        throw error;
      }
    },
  };

  return { realName, cards, fundPassword, withdrawals };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
