import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  completedConditions,
  expectedConditions,
  qualifyingLevel,
  REBATE_CATEGORIES,
  rebateOf,
  vipProgress,
  type RebateCategory,
  type RebateClaim,
  type RebateClaimResponse,
  type RebateHistory,
  type RebateLine,
  type RebateRates,
  type RebateSummary,
  type VipBonus,
  type VipRank,
  type VipRankBody,
  type VipSummary,
} from '@playhouse/contract/vip';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InboxSend } from '../inbox/inbox.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { bpToPercent, percentToBp, turnoverFor } from '../payments/payment-rules.ts';
import type { PaymentsService, StaffActor } from '../payments/payments.service.ts';
import { PLAY_SOURCE } from '../play/play.service.ts';
import { addDays } from '@playhouse/contract/account-record';
import { dayAt, dayStart } from '../transactions/period.ts';
import * as repo from './vip.repository.ts';

/**
 * VIP ranks and manual rebate.
 *
 * Ranks: a member's rank is the highest level whose conditions their real deposits (approved
 * deposits) and settled stakes (the ledger's bets less rollbacks) meet. It is evaluated when the
 * member reads their benefits or rebate, and only ever rises. Each level reached pays its upgrade
 * bonus once: one ledger entry keyed `upgrade:<member>:<level>` whose `apply` raises
 * `members.vip_level` by a conditional UPDATE, so a crash leaves both or neither, and fifty parallel
 * evaluations pay once (the others find the key taken). The birthday bonus is keyed by the year.
 *
 * Rebate: the stakes of the member's ledger entries after the last claim, by game category, at the
 * rate of the member's rank. A claim is one ledger entry keyed `<member>:<period>` (the day in the
 * operator's time zone) whose legs are decided under the member's lock (so the stakes it covers are
 * every one committed before it), and whose `apply` records the claim (unique per member and period)
 * and adds the wagering requirement. Stakes after a claim are paid by the next period's claim.
 */

const VIP_SOURCE = 'vip';
const REBATE_SOURCE = 'rebate';
const BONUS_HISTORY = 20;

export interface Messenger {
  send(trx: Db, message: InboxSend): Promise<unknown>;
}

const parseRates = (text: string): Partial<Record<RebateCategory, number>> => {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const out: Partial<Record<RebateCategory, number>> = {};
    for (const c of REBATE_CATEGORIES)
      if (typeof value[c] === 'number' && Number.isInteger(value[c]) && (value[c] as number) > 0)
        out[c] = value[c] as number;
    return out;
  } catch {
    return {};
  }
};

/**
 * Entries older than this are settled for the running wagering total: no movement's transaction stays
 * open this long (a movement is one short transaction), so none with a lower id can still commit.
 */
const SETTLED_AFTER_MS = 10 * 60_000;

const rankView = (r: repo.RankRow): VipRank => {
  const rates = parseRates(r.rebate_rates);
  return {
    level: r.level,
    name: r.name,
    minDeposit: formatMoney(r.min_deposit),
    minTurnover: formatMoney(r.min_turnover),
    upgradeBonus: formatMoney(r.upgrade_bonus),
    birthdayBonus: formatMoney(r.birthday_bonus),
    withdrawDailyCount: r.withdraw_daily_count,
    withdrawDailyAmount: r.withdraw_daily_amount === null ? null : formatMoney(r.withdraw_daily_amount),
    rebateRates: Object.fromEntries(
      Object.entries(rates).map(([c, bp]) => [c, bpToPercent(bp)]),
    ) as RebateRates,
  };
};

const conditionsOf = (r: repo.RankRow) => ({
  level: r.level,
  minDeposit: r.min_deposit,
  minTurnover: r.min_turnover,
});

/** Demo ranks: real figures in the operator's currency (minor units). */
export const DEMO_RANKS: VipRankBody[] = [
  {
    name: 'VIP0',
    minDeposit: '0.00',
    minTurnover: '0.00',
    upgradeBonus: '0.00',
    birthdayBonus: '0.00',
    // The operator's payment settings apply.
    withdrawDailyCount: null,
    withdrawDailyAmount: null,
    rebateRates: { INHOUSE: '0.30', RNG: '0.30', FISH: '0.30', LIVE: '0.20', SPORTS: '0.20', PVP: '0.20' },
  },
  {
    name: 'VIP1',
    minDeposit: '1000.00',
    minTurnover: '5000.00',
    upgradeBonus: '58.00',
    birthdayBonus: '88.00',
    withdrawDailyCount: 6,
    withdrawDailyAmount: '150000.00',
    rebateRates: { INHOUSE: '0.50', RNG: '0.50', FISH: '0.50', LIVE: '0.30', SPORTS: '0.30', PVP: '0.30' },
  },
  {
    name: 'VIP2',
    minDeposit: '5000.00',
    minTurnover: '30000.00',
    upgradeBonus: '188.00',
    birthdayBonus: '288.00',
    withdrawDailyCount: 8,
    withdrawDailyAmount: '250000.00',
    rebateRates: { INHOUSE: '0.60', RNG: '0.60', FISH: '0.60', LIVE: '0.40', SPORTS: '0.40', PVP: '0.40' },
  },
  {
    name: 'VIP3',
    minDeposit: '20000.00',
    minTurnover: '150000.00',
    upgradeBonus: '588.00',
    birthdayBonus: '888.00',
    withdrawDailyCount: 10,
    withdrawDailyAmount: '500000.00',
    rebateRates: { INHOUSE: '0.80', RNG: '0.80', FISH: '0.80', LIVE: '0.50', SPORTS: '0.50', PVP: '0.50' },
  },
  {
    name: 'VIP4',
    minDeposit: '100000.00',
    minTurnover: '800000.00',
    upgradeBonus: '1888.00',
    birthdayBonus: '2888.00',
    withdrawDailyCount: 15,
    withdrawDailyAmount: '1000000.00',
    rebateRates: { INHOUSE: '1.00', RNG: '1.00', FISH: '1.00', LIVE: '0.70', SPORTS: '0.60', PVP: '0.60' },
  },
  {
    name: 'VIP5',
    minDeposit: '500000.00',
    minTurnover: '5000000.00',
    upgradeBonus: '8888.00',
    birthdayBonus: '8888.00',
    withdrawDailyCount: 20,
    withdrawDailyAmount: '3000000.00',
    rebateRates: { INHOUSE: '1.20', RNG: '1.20', FISH: '1.20', LIVE: '0.80', SPORTS: '0.80', PVP: '0.80' },
  },
];

export function createVipService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  payments: Pick<PaymentsService, 'settings' | 'turnover' | 'onCredited'>;
  inbox?: Messenger | undefined;
}) {
  const { db, ledger, audit, payments, inbox } = deps;

  /** The player site's game category of a ledger source. */
  function categoryOf(source: string, vendors: Map<string, string>): RebateCategory | undefined {
    if (source === PLAY_SOURCE) return 'INHOUSE';
    if (!source.startsWith('vendor:')) return undefined;
    const category = vendors.get(source.slice('vendor:'.length));
    return (REBATE_CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as RebateCategory)
      : undefined;
  }

  // ---------- ranks (back office) ----------

  const ranks = {
    async list(operatorId: number): Promise<VipRank[]> {
      return (await repo.listRanks(db, operatorId)).map(rankView);
    },
    async save(operatorId: number, staff: StaffActor | null, level: number, body: VipRankBody) {
      const at = now();
      const rates: Record<string, number> = {};
      for (const [c, percent] of Object.entries(body.rebateRates))
        if (percent !== undefined && percentToBp(percent) > 0) rates[c] = percentToBp(percent);
      await db.transaction().execute(async (trx) => {
        const created = await repo.saveRank(
          trx,
          {
            operator_id: operatorId,
            level,
            name: body.name,
            min_deposit: parseMoney(body.minDeposit)!,
            min_turnover: parseMoney(body.minTurnover)!,
            upgrade_bonus: parseMoney(body.upgradeBonus)!,
            birthday_bonus: parseMoney(body.birthdayBonus)!,
            withdraw_daily_count: body.withdrawDailyCount,
            withdraw_daily_amount:
              body.withdrawDailyAmount === null ? null : parseMoney(body.withdrawDailyAmount)!,
            rebate_rates: JSON.stringify(rates),
            updated_at: at,
          },
          at,
        );
        await audit.record(
          {
            operatorId,
            actorType: staff ? 'staff' : 'system',
            actorId: staff ? String(staff.id) : 'seed',
            action: created ? 'vip.rank.created' : 'vip.rank.updated',
            target: `vip-rank:${level}`,
            detail: { level, ...body },
            ip: staff?.ip ?? null,
          },
          trx,
        );
      });
      return ranks.list(operatorId);
    },
    async remove(operatorId: number, staff: StaffActor, level: number) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteRank(trx, operatorId, level))) throw new AppError('NOT_FOUND');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'vip.rank.deleted',
            target: `vip-rank:${level}`,
            ip: staff.ip,
          },
          trx,
        );
      });
      return ranks.list(operatorId);
    },
    /** VIP0–VIP5 with real figures, once (an operator that has ranks keeps them). */
    async seedDemo(operatorId: number) {
      if ((await repo.listRanks(db, operatorId)).length > 0) return;
      for (const [level, body] of DEMO_RANKS.entries()) await ranks.save(operatorId, null, level, body);
    },
  };

  // ---------- evaluation ----------

  async function credit(
    member: { id: number; operatorId: number; currency: string },
    key: string,
    amount: number,
    apply: (trx: Db, entryId: number) => Promise<void>,
  ) {
    const settings = await payments.settings(member.operatorId);
    try {
      await ledger.post({
        operatorId: member.operatorId,
        kind: 'bonus',
        source: VIP_SOURCE,
        key,
        requestHash: requestHash({ member: member.id, key, amount }),
        memberId: member.id,
        currency: member.currency,
        legs: [
          { member: member.id, amount },
          { house: 'bonus', amount: -amount },
        ],
        respond: () => ({ key, amount: formatMoney(amount) }),
        apply: async (trx, moved) => {
          await payments.turnover.add(
            trx,
            member.operatorId,
            member.id,
            turnoverFor(0, amount, {
              deposit: settings.turnover.depositMultiplier,
              bonus: settings.turnover.bonusMultiplier,
            }),
            moved.entryId,
          );
          await apply(trx, moved.entryId);
        },
      });
    } catch (error) {
      // Paid before with another amount (the operator changed the rank since): paid is paid.
      if (!(error instanceof AppError && error.code === 'IDEMPOTENCY_MISMATCH')) throw error;
    }
  }

  /**
   * What the member has staked in all (ledger.staked's rule), from their running total: the saved
   * sum up to an entry plus the entries after it. The saved sum moves forward over entries older
   * than SETTLED_AFTER_MS, so an entry whose transaction was still open (a lower id committing after
   * a higher one) is never passed over.
   */
  async function turnoverOf(operatorId: number, memberId: number) {
    const saved = await repo.findTurnover(db, memberId);
    const through = saved?.through ?? 0;
    const sum = async (range: { afterEntry: number; untilEntry?: number }) =>
      (await ledger.stakedBySource(memberId, range)).reduce((total, s) => total + s.staked, 0);
    const tail = await sum({ afterEntry: through });
    const at = now();
    const settled = await repo.lastEntryBefore(db, memberId, through, at - SETTLED_AFTER_MS);
    if (settled !== undefined)
      await repo.advanceTurnover(
        db,
        {
          memberId,
          operatorId,
          from: saved?.through,
          to: settled,
          delta: await sum({ afterEntry: through, untilEntry: settled }),
        },
        at,
      );
    return Math.max(0, (saved?.staked ?? 0) + tail);
  }

  /**
   * Raises the member to the rank their deposits and stakes reach, paying each new level's upgrade
   * bonus once, and the birthday bonus on their birthday once a year. Safe to run in parallel.
   */
  async function evaluate(memberId: number) {
    const member = await repo.findMemberVip(db, memberId);
    if (!member) throw new AppError('SESSION_EXPIRED');
    const rows = await repo.listRanks(db, member.operatorId);
    const [deposits, turnover] = await Promise.all([
      repo.depositedTotal(db, memberId),
      turnoverOf(member.operatorId, memberId),
    ]);
    const target = qualifyingLevel(rows.map(conditionsOf), deposits, turnover);
    for (let level = member.level + 1; level <= target; level += 1) {
      const rank = rows.find((r) => r.level === level);
      const raise = async (trx: Db) => {
        const raised = await repo.raiseLevel(trx, memberId, level);
        // One message for the rank reached, not for each level passed on the way.
        if (rank && level === target)
          await inbox?.send(trx, {
            operatorId: member.operatorId,
            memberId,
            kind: 'vip_upgraded',
            params: { level, name: rank.name },
            dedupeKey: `vip:${level}`,
          });
        return raised;
      };
      if (rank && rank.upgrade_bonus > 0)
        await credit(member, `upgrade:${memberId}:${level}`, rank.upgrade_bonus, async (trx) => {
          await raise(trx);
        });
      else await db.transaction().execute(raise);
    }
    const level = Math.max(member.level, target);
    const rank = rows.find((r) => r.level === level);
    if (rank && rank.birthday_bonus > 0 && member.birthday) {
      const { timeZone } = await payments.settings(member.operatorId);
      const today = dayAt(now(), timeZone);
      if (member.birthday.slice(5, 10) === today.slice(5, 10))
        await credit(
          member,
          `birthday:${memberId}:${today.slice(0, 4)}`,
          rank.birthday_bonus,
          async () => {},
        );
    }
    return { member: { ...member, level }, rows, deposits, turnover };
  }

  async function summary(who: AuthenticatedMember, enabled: boolean): Promise<VipSummary> {
    const { member, rows, deposits, turnover } = await evaluate(who.id);
    const current = rows.find((r) => r.level === member.level);
    const next = rows.find((r) => r.level > member.level);
    const completed = next ? completedConditions(conditionsOf(next), deposits, turnover) : 0;
    const expected = next ? expectedConditions(conditionsOf(next)) : 0;
    const bonuses: VipBonus[] = (await repo.vipBonuses(db, who.id, BONUS_HISTORY)).map((b) => {
      const [kind, , tail] = b.key.split(':');
      return {
        kind: kind === 'birthday' ? 'birthday' : 'upgrade',
        level: kind === 'birthday' ? member.level : Number(tail),
        amount: formatMoney(b.amount),
        at: b.at,
      };
    });
    return {
      hasVip: enabled && rows.length > 0,
      currentProgress: { completedConditions: completed, totalExpectedConditions: expected },
      playerRankProgress: { labelId: current?.level ?? null, labelName: current?.name ?? null },
      progress: vipProgress(Boolean(current), completed, expected),
      level: member.level,
      currency: member.currency,
      deposits: formatMoney(deposits),
      turnover: formatMoney(turnover),
      next: next ? rankView(next) : null,
      ranks: rows.map(rankView),
      bonuses,
    };
  }

  /**
   * The daily withdrawal limits of the member's rank where they are higher than the operator's
   * (a VIP benefit never lowers a limit); undefined when the rank sets none.
   */
  async function withdrawalLimits(memberId: number) {
    const member = await repo.findMemberVip(db, memberId);
    if (!member) return undefined;
    const rank = (await repo.listRanks(db, member.operatorId)).find((r) => r.level === member.level);
    if (!rank || (rank.withdraw_daily_count === null && rank.withdraw_daily_amount === null))
      return undefined;
    const { withdrawal } = await payments.settings(member.operatorId);
    return {
      dailyCount: Math.max(withdrawal.dailyCount, rank.withdraw_daily_count ?? 0),
      dailyAmount: formatMoney(
        Math.max(parseMoney(withdrawal.dailyAmount)!, rank.withdraw_daily_amount ?? 0),
      ),
    };
  }

  // ---------- rebate ----------

  /** The rebate of the member's stakes in the entries (after, until], at their rank's rates. */
  async function accrued(
    trx: Db,
    memberId: number,
    operatorId: number,
    rates: repo.RankRow | undefined,
    after: number,
    until?: number,
  ) {
    const [stakes, vendors] = await Promise.all([
      ledger.stakedBySource(memberId, { afterEntry: after, untilEntry: until }, trx),
      repo.vendorCategories(trx, operatorId),
    ]);
    const byCategory = new Map<RebateCategory, number>();
    for (const s of stakes) {
      const category = categoryOf(s.source, vendors);
      if (category) byCategory.set(category, (byCategory.get(category) ?? 0) + s.staked);
    }
    const bp = rates ? parseRates(rates.rebate_rates) : {};
    const lines = REBATE_CATEGORIES.filter((c) => (byCategory.get(c) ?? 0) > 0).map((c) => {
      const staked = byCategory.get(c)!;
      return { category: c, turnover: staked, rateBp: bp[c] ?? 0, amount: rebateOf(staked, bp[c] ?? 0) };
    });
    return {
      lines,
      turnover: lines.reduce((sum, l) => sum + l.turnover, 0),
      amount: lines.reduce((sum, l) => sum + l.amount, 0),
    };
  }

  const lineView = (l: {
    category: RebateCategory;
    turnover: number;
    rateBp: number;
    amount: number;
  }): RebateLine => ({
    category: l.category,
    turnover: formatMoney(l.turnover),
    ratePercent: bpToPercent(l.rateBp),
    amount: formatMoney(l.amount),
  });

  const claimView = (c: repo.ClaimRow): RebateClaim => {
    let lines: RebateLine[] = [];
    try {
      lines = (JSON.parse(c.detail) as Parameters<typeof lineView>[0][]).map(lineView);
    } catch {
      lines = [];
    }
    return {
      claimId: c.id,
      period: c.period,
      level: c.vip_level,
      turnover: formatMoney(c.turnover),
      amount: formatMoney(c.amount),
      currency: c.currency,
      lines,
      createdAt: c.created_at,
    };
  };

  async function periodNow(operatorId: number) {
    const { timeZone } = await payments.settings(operatorId);
    const period = dayAt(now(), timeZone);
    return { timeZone, period, nextPeriodAt: dayStart(addDays(period, 1), timeZone) };
  }

  const rebate = {
    async summary(who: AuthenticatedMember): Promise<RebateSummary> {
      const { member, rows } = await evaluate(who.id);
      const rank = rows.find((r) => r.level === member.level);
      const { timeZone, period, nextPeriodAt } = await periodNow(member.operatorId);
      const [after, claimed] = await Promise.all([
        repo.claimedUntil(db, who.id),
        repo.findClaim(db, who.id, period),
      ]);
      const open = await accrued(db, who.id, member.operatorId, rank, after);
      return {
        period,
        timeZone,
        level: member.level,
        rankName: rank?.name ?? null,
        currency: member.currency,
        lines: open.lines.map(lineView),
        turnover: formatMoney(open.turnover),
        amount: formatMoney(open.amount),
        claimed: Boolean(claimed),
        nextPeriodAt,
      };
    },

    /** Claims this period's rebate once: REBATE_ALREADY_CLAIMED after, REBATE_NOTHING_TO_CLAIM at 0. */
    async claim(who: AuthenticatedMember): Promise<RebateClaimResponse> {
      const { member, rows } = await evaluate(who.id);
      const rank = rows.find((r) => r.level === member.level);
      const { period } = await periodNow(member.operatorId);
      if (await repo.findClaim(db, who.id, period)) throw new AppError('REBATE_ALREADY_CLAIMED');
      const settings = await payments.settings(member.operatorId);
      let decided: (Awaited<ReturnType<typeof accrued>> & { after: number; until: number }) | undefined;
      const result = await ledger.post({
        operatorId: member.operatorId,
        kind: 'rebate',
        source: REBATE_SOURCE,
        key: `${who.id}:${period}`,
        requestHash: requestHash({ member: who.id, period }),
        memberId: who.id,
        currency: member.currency,
        // Decided under the member's lock: every stake committed before this claim is counted.
        legs: async (trx) => {
          if (await repo.findClaim(trx, who.id, period)) throw new AppError('REBATE_ALREADY_CLAIMED');
          const after = await repo.claimedUntil(trx, who.id);
          const until = await repo.lastEntryId(trx, who.id);
          const figures = await accrued(trx, who.id, member.operatorId, rank, after, until);
          if (figures.amount <= 0) throw new AppError('REBATE_NOTHING_TO_CLAIM');
          decided = { ...figures, after, until };
          return [
            { member: who.id, amount: figures.amount },
            { house: 'bonus', amount: -figures.amount },
          ];
        },
        respond: () => ({ period }),
        apply: async (trx, moved) => {
          const d = decided!;
          const at = now();
          const claimId = await repo.insertClaim(trx, {
            operator_id: member.operatorId,
            member_id: who.id,
            period,
            vip_level: member.level,
            turnover: d.turnover,
            amount: d.amount,
            currency: member.currency,
            detail: JSON.stringify(d.lines),
            from_entry_id: d.after,
            until_entry_id: d.until,
            entry_id: moved.entryId,
            created_at: at,
          });
          await payments.turnover.add(
            trx,
            member.operatorId,
            who.id,
            turnoverFor(0, d.amount, {
              deposit: settings.turnover.depositMultiplier,
              bonus: settings.turnover.bonusMultiplier,
            }),
            moved.entryId,
          );
          await inbox?.send(trx, {
            operatorId: member.operatorId,
            memberId: who.id,
            kind: 'rebate_claimed',
            params: { amount: formatMoney(d.amount), currency: member.currency },
            dedupeKey: `rebate:${claimId}`,
          });
        },
      });
      if (result.duplicate) throw new AppError('REBATE_ALREADY_CLAIMED');
      const claim = (await repo.findClaim(db, who.id, period))!;
      const wallet = await ledger.wallet({ memberId: who.id });
      return { ...claimView(claim), balance: formatMoney(wallet?.balance ?? 0) };
    },

    async history(
      who: AuthenticatedMember,
      query: { pageNo: number; pageSize: number },
    ): Promise<RebateHistory> {
      const { rows, total } = await repo.listClaims(db, who.id, {
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map(claimView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
  };

  // A credited deposit may reach a new rank: evaluated at once (its failure never touches the deposit).
  payments.onCredited(async (event) => {
    await evaluate(event.memberId);
  });

  return {
    ranks,
    evaluate,
    summary,
    withdrawalLimits,
    rebate,
    labelOf: (memberId: number) => repo.rankNameOf(db, memberId),
  };
}

export type VipService = ReturnType<typeof createVipService>;
