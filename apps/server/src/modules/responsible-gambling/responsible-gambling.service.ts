import { MEMBER_TYPE } from '@playhouse/contract/account';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { Limits, LimitsUpdate, SessionSummary } from '@playhouse/contract/responsible-gambling';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PERIOD_MS,
  type LimitKind,
  type LimitPeriod,
} from '@playhouse/contract/responsible-gambling-rules';
import type { ErrorCode } from '@playhouse/contract/errors';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { MemberCentreService } from '../members/member-centre.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import {
  HOUR_MS,
  LIMIT_SOURCES,
  NO_LIMIT,
  ROLLUP_MARGIN_MS,
  addMonths,
  breaches,
  fitsAgainAt,
  floorHour,
  formatUtc,
  inForce,
  planChange,
  settle,
  splitWindow,
  usageOf,
  walkToFit,
  windowStart,
  type Breach,
  type KindTotals,
  type LimitState,
} from './limit-rules.ts';
import * as repo from './responsible-gambling.repository.ts';

/** What a stake or deposit check needs: the movement's member and amount, and its entry if written. */
export interface MovementCheck {
  operatorId: number;
  memberId: number;
  /** Minor units the movement adds: the stake, or the deposit. */
  amount: number;
  at: number;
  /**
   * The movement's own journal entry when the check runs after it was written (a ledger `apply`
   * hook): left out of the sums, since `amount` already stands for it.
   */
  entryId?: number | undefined;
}

const LIMIT_CODE: Record<LimitKind, ErrorCode> = {
  wager: 'WAGER_LIMIT_REACHED',
  loss: 'LOSS_LIMIT_REACHED',
  deposit: 'DEPOSIT_LIMIT_REACHED',
};
const STAKE_LIMITS: readonly LimitKind[] = ['wager', 'loss'];
const SESSION_KINDS = ['bet', 'win', 'rollback', 'jackpot'];
/** Every entry kind some limit sums: what rg_hourly keeps. */
const ROLLUP_KINDS = [...new Set(LIMIT_KINDS.flatMap((kind) => LIMIT_SOURCES[kind].kinds))];

type Profile = NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>;

type LimitTable = Record<LimitKind, Record<LimitPeriod, LimitState>>;

function limitTable(rows: Awaited<ReturnType<typeof repo.listLimits>>): LimitTable {
  const table = Object.fromEntries(
    LIMIT_KINDS.map((kind) => [kind, { day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT }]),
  ) as LimitTable;
  for (const r of rows) {
    if (!LIMIT_KINDS.includes(r.kind) || !LIMIT_PERIODS.includes(r.period)) continue;
    table[r.kind][r.period] = {
      amount: r.amount === null ? null : Number(r.amount),
      pendingAmount: r.pending_amount === null ? null : Number(r.pending_amount),
      pendingAt: r.pending_at === null ? null : Number(r.pending_at),
    };
  }
  return table;
}

const until = (value: number | null | undefined, at: number) =>
  value !== null && value !== undefined && Number(value) > at ? Number(value) : null;

/**
 * Responsible gambling (architecture: "Responsible gambling (member)"; decision 013): the member's
 * own limits, reality-check interval, time-out and self-exclusion, and the checks every stake and
 * deposit path runs inside its ledger transaction, after the member's account row is locked, so a
 * limit summed from the journal there sees every earlier movement of that member. Withdrawals are
 * never checked.
 */
export function createResponsibleGamblingService(
  db: Db,
  deps: { ledger: LedgerService; audit: AuditService; memberCentre: MemberCentreService },
) {
  const { ledger, audit, memberCentre } = deps;

  /** Members only: a trial account has nothing of its own to protect here. */
  function memberOnly(who: AuthenticatedMember) {
    if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
  }

  /**
   * Keeps the member's closed hours summed in rg_hourly, from the journal, and answers where the kept
   * hours end. Hours close ROLLUP_MARGIN_MS after they end and are kept for the longest window only.
   * Writes only when an hour has closed since the last call, so a run of stakes mostly just reads.
   */
  async function rollUp(trx: Db, profile: Profile, at: number): Promise<number> {
    const closed = floorHour(at - ROLLUP_MARGIN_MS);
    const kept = profile.rollup_until === null ? null : Number(profile.rollup_until);
    // Kept hours past `closed` (a clock moved back) are read from the journal instead.
    if (kept !== null && kept >= closed) return closed;
    const horizon = floorHour(at - PERIOD_MS.month);
    const from = kept === null ? horizon : Math.max(kept, horizon);
    const memberId = Number(profile.member_id);
    await repo.saveHours(trx, memberId, await repo.journalHours(trx, memberId, ROLLUP_KINDS, from, closed));
    await repo.pruneHours(trx, memberId, horizon);
    await repo.updateProfile(trx, memberId, { rollup_until: closed }, at);
    profile.rollup_until = closed;
    return closed;
  }

  /**
   * The member's lines summed per entry kind over windows ending now (`starts` gives where each
   * begins, exclusive): kept hours for the whole hours, the journal for the part hour at each start
   * and for everything since the kept hours end. `exclude` leaves out the movement being checked.
   */
  async function windowSums(
    trx: Db,
    profile: Profile,
    at: number,
    starts: readonly (readonly [string, number])[],
    kinds: readonly string[],
    exclude?: number,
  ): Promise<Record<string, Record<string, number>>> {
    const memberId = Number(profile.member_id);
    const until = await rollUp(trx, profile, at);
    const out: Record<string, Record<string, number>> = {};
    const add = (name: string, sums: Record<string, number>) => {
      for (const [kind, amount] of Object.entries(sums))
        (out[kind] ??= {})[name] = (out[kind]?.[name] ?? 0) + amount;
    };
    const split = starts.map(([name, start]) => ({ name, start, hours: splitWindow(start, until) }));
    const kept = split.filter((w) => w.hours);
    if (kept.length) {
      const hours = await repo.sumHours(
        trx,
        memberId,
        kinds,
        kept.map((w) => [w.name, w.hours!.hoursFrom] as const),
        until,
      );
      for (const [kind, byWindow] of Object.entries(hours))
        for (const [name, amount] of Object.entries(byWindow)) add(name, { [kind]: amount });
      const tail = await repo.sumJournal(trx, memberId, kinds, { after: until - 1, exclude });
      for (const w of kept) {
        add(w.name, tail);
        add(
          w.name,
          await repo.sumJournal(trx, memberId, kinds, { after: w.start, before: w.hours!.hoursFrom }),
        );
      }
    }
    for (const w of split.filter((w) => !w.hours))
      add(w.name, await repo.sumJournal(trx, memberId, kinds, { after: w.start, exclude }));
    return out;
  }

  /** Sums over the day, week and month windows ending at `at`, as `usageOf` reads them. */
  async function periodTotals(
    trx: Db,
    profile: Profile,
    at: number,
    kinds: readonly string[],
    periods: readonly LimitPeriod[] = LIMIT_PERIODS,
    exclude?: number,
  ): Promise<KindTotals> {
    const sums = await windowSums(
      trx,
      profile,
      at,
      periods.map((p) => [p, windowStart(at, p)] as const),
      kinds,
      exclude,
    );
    const totals: KindTotals = {};
    for (const [kind, byPeriod] of Object.entries(sums))
      totals[kind] = { day: byPeriod.day ?? 0, week: byPeriod.week ?? 0, month: byPeriod.month ?? 0 };
    return totals;
  }

  /** The break running now, self-exclusion first (it outlasts and outranks a time-out). */
  function breakOf(
    profile: { self_excluded_until: number | null; timeout_until: number | null },
    at: number,
  ): SessionSummary['breakUntil'] {
    const excluded = until(profile.self_excluded_until, at);
    if (excluded !== null) return { kind: 'excluded', until: excluded };
    const timedOut = until(profile.timeout_until, at);
    return timedOut === null ? null : { kind: 'timeout', until: timedOut };
  }

  /** SELF_EXCLUDED or TIMED_OUT while either lasts. */
  function assertNotOnBreak(
    profile: { self_excluded_until: number | null; timeout_until: number | null },
    at: number,
  ) {
    const excluded = until(profile.self_excluded_until, at);
    if (excluded !== null)
      throw new AppError('SELF_EXCLUDED', {
        params: { until: formatUtc(excluded) },
        extra: { until: excluded },
      });
    const timedOut = until(profile.timeout_until, at);
    if (timedOut !== null)
      throw new AppError('TIMED_OUT', { params: { until: formatUtc(timedOut) }, extra: { until: timedOut } });
  }

  /**
   * Refuses the movement when it would take one of `kinds`' limits past its amount in any window.
   * Of several windows it breaks, the one that keeps the member waiting longest is reported, with
   * when the amount would fit again.
   */
  async function assertWithinLimits(
    trx: Db,
    profile: Profile,
    check: MovementCheck,
    kinds: readonly LimitKind[],
  ) {
    const table = limitTable(await repo.listLimits(trx, check.memberId));
    const active = kinds
      .map((kind) => ({
        kind,
        limits: Object.fromEntries(
          LIMIT_PERIODS.map((p) => [p, inForce(table[kind][p], check.at)]),
        ) as Record<LimitPeriod, number | null>,
      }))
      .filter(({ limits }) => LIMIT_PERIODS.some((p) => limits[p] !== null));
    if (!active.length) return;
    // Only the windows and entry kinds some limit needs are summed.
    const periods = LIMIT_PERIODS.filter((p) => active.some(({ limits }) => limits[p] !== null));
    const sources = [...new Set(active.flatMap(({ kind }) => LIMIT_SOURCES[kind].kinds))];
    const totals = await periodTotals(trx, profile, check.at, sources, periods, check.entryId);
    for (const { kind, limits } of active) {
      const found = breaches(limits, usageOf(kind, totals), check.amount);
      if (found.length) throw await limitError(trx, profile, check, kind, found);
    }
  }

  /** When `check.amount` fits in a breached window again, if nothing else happens (null: never). */
  async function fitsAgain(trx: Db, profile: Profile, check: MovementCheck, kind: LimitKind, breach: Breach) {
    const { kinds, sign } = LIMIT_SOURCES[kind];
    const memberId = check.memberId;
    const start = windowStart(check.at, breach.period);
    const until = await rollUp(trx, profile, check.at);
    const signed = (items: { at: number; amount: number }[], hour = false) =>
      items.map((i) => ({ at: i.at, amount: i.amount * sign, hour }));
    const hours = splitWindow(start, until);
    const items = hours
      ? [
          ...signed(
            await repo.journalEntries(trx, memberId, kinds, { after: start, before: hours.hoursFrom }),
          ),
          ...signed(await repo.listHours(trx, memberId, kinds, hours.hoursFrom, until), true),
          ...signed(
            await repo.journalEntries(trx, memberId, kinds, { after: until - 1, exclude: check.entryId }),
          ),
        ]
      : signed(await repo.journalEntries(trx, memberId, kinds, { after: start, exclude: check.entryId }));
    const walked = walkToFit(breach, check.amount, items);
    if ('at' in walked) return { at: walked.at, items };
    // A whole kept hour makes room: its own entries say exactly when.
    const entries = signed(
      await repo.journalEntries(trx, memberId, kinds, {
        after: walked.hour - 1,
        before: walked.hour + HOUR_MS,
      }),
    );
    return { at: fitsAgainAt({ ...breach, used: walked.used }, check.amount, entries), items };
  }

  async function limitError(
    trx: Db,
    profile: Profile,
    check: MovementCheck,
    kind: LimitKind,
    found: Breach[],
  ) {
    let worst: { breach: Breach; at: number | null; items: { at: number; hour: boolean }[] } | undefined;
    for (const breach of found) {
      const { at, items } = await fitsAgain(trx, profile, check, kind, breach);
      // Null (the amount never fits) outranks any time.
      if (!worst || (worst.at !== null && (at === null || at > worst.at))) worst = { breach, at, items };
    }
    const { breach, at, items } = worst!;
    // When the amount is above the limit itself, the best we can say is when the window is clear.
    const resetAt =
      at ?? Math.max(check.at, ...items.map((i) => i.at + (i.hour ? HOUR_MS : 0) + PERIOD_MS[breach.period]));
    return new AppError(LIMIT_CODE[kind], {
      params: {
        limit: formatMoney(breach.limit),
        used: formatMoney(Math.max(breach.used, 0)),
        period: `i18n:limits.periods.${breach.period}`,
        resetAt: formatUtc(resetAt),
      },
      extra: {
        limit: {
          kind,
          period: breach.period,
          amount: formatMoney(breach.limit),
          used: formatMoney(breach.used),
          resetAt,
        },
      },
    });
  }

  /** The member's profile, created when missing (a read then keeps hourly sums for the next one). */
  async function profileOf(who: AuthenticatedMember, at: number): Promise<Profile> {
    return (await repo.findProfile(db, who.id)) ?? (await repo.lockProfile(db, who.id, who.operatorId, at));
  }

  async function read(who: AuthenticatedMember): Promise<Limits> {
    const at = now();
    const [profile, rows, wallet] = await Promise.all([
      profileOf(who, at),
      repo.listLimits(db, who.id),
      ledger.wallet({ memberId: who.id }),
    ]);
    const table = limitTable(rows);
    const totals = await periodTotals(db, profile, at, ROLLUP_KINDS);
    const money = (v: number | null) => (v === null ? null : formatMoney(v));
    const limits = Object.fromEntries(
      LIMIT_KINDS.map((kind) => [
        kind,
        Object.fromEntries(LIMIT_PERIODS.map((p) => [p, money(inForce(table[kind][p], at))])),
      ]),
    ) as Pick<Limits, LimitKind>;
    const used = Object.fromEntries(
      LIMIT_KINDS.map((kind) => {
        const u = usageOf(kind, totals);
        return [kind, { day: formatMoney(u.day), week: formatMoney(u.week), month: formatMoney(u.month) }];
      }),
    ) as Limits['used'];
    const pending = LIMIT_KINDS.flatMap((kind) =>
      LIMIT_PERIODS.flatMap((period) => {
        const state = settle(table[kind][period], at);
        return state.pendingAt === null
          ? []
          : [{ kind, period, amount: money(state.pendingAmount), effectiveAt: state.pendingAt }];
      }),
    );
    return {
      ...limits,
      realityCheckMinutes: profile.reality_check_minutes,
      pending,
      used,
      timeoutUntil: until(profile.timeout_until, at),
      selfExcludedUntil: until(profile.self_excluded_until, at),
      currency: wallet?.currency ?? '',
    };
  }

  return {
    limits(who: AuthenticatedMember): Promise<Limits> {
      memberOnly(who);
      return read(who);
    },

    /**
     * Applies a partial limits document (planChange: lower at once, raise or remove after 24 hours)
     * in one transaction under the profile row's lock, audited with what changed.
     */
    async updateLimits(who: AuthenticatedMember, update: LimitsUpdate, ip: string): Promise<Limits> {
      memberOnly(who);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const profile = await repo.lockProfile(trx, who.id, who.operatorId, at);
        // The month's hours are summed now, so the first stake under a new limit reads them ready.
        await rollUp(trx, profile, at);
        const table = limitTable(await repo.listLimits(trx, who.id));
        const changes: Record<string, unknown>[] = [];
        for (const kind of LIMIT_KINDS) {
          for (const period of LIMIT_PERIODS) {
            const asked = update[kind]?.[period];
            if (asked === undefined) continue;
            const requested = asked === null ? null : parseMoney(asked)!;
            const before = settle(table[kind][period], at);
            const after = planChange(table[kind][period], requested, at);
            if (
              after.amount === before.amount &&
              after.pendingAmount === before.pendingAmount &&
              after.pendingAt === before.pendingAt
            )
              continue;
            await repo.saveLimit(
              trx,
              {
                member_id: who.id,
                kind,
                period,
                amount: after.amount,
                pending_amount: after.pendingAmount,
                pending_at: after.pendingAt,
              },
              at,
            );
            changes.push({
              kind,
              period,
              requested: asked,
              inForce: after.amount,
              pendingAt: after.pendingAt,
            });
          }
        }
        const reality = update.realityCheckMinutes;
        if (reality !== undefined && reality !== profile.reality_check_minutes) {
          await repo.updateProfile(trx, who.id, { reality_check_minutes: reality }, at);
          changes.push({ realityCheckMinutes: reality });
        }
        if (changes.length)
          await audit.record(
            {
              operatorId: who.operatorId,
              actorType: 'member',
              actorId: String(who.id),
              action: 'rg.limits',
              target: `member:${who.username}`,
              detail: { changes },
              ip,
            },
            trx,
          );
      });
      return read(who);
    },

    /** A time-out of `days`, at once; a longer break already running is kept, never shortened. */
    timeout: (who: AuthenticatedMember, days: number, ip: string) =>
      takeBreak(who, 'timeout_until', (at) => at + days * 86_400_000, { days }, ip),

    /** Self-exclusion for `months` calendar months, at once; never shortened. */
    selfExclude: (who: AuthenticatedMember, months: number, ip: string) =>
      takeBreak(who, 'self_excluded_until', (at) => addMonths(at, months), { months }, ip),

    /**
     * What a reality check shows: time since this session signed in, and the member's stakes, wins
     * and net position over it, from the journal.
     */
    /** The summary a member's pages poll: time and net since sign-in, and any break now running. */
    async sessionSummary(who: AuthenticatedMember): Promise<SessionSummary> {
      memberOnly(who);
      const at = now();
      const [{ list }, profile, wallet] = await Promise.all([
        memberCentre.sessions(who),
        profileOf(who, at),
        ledger.wallet({ memberId: who.id }),
      ]);
      const signedInAt = list.find((s) => s.current)?.createdAt ?? at;
      const sums: Record<string, number> = {};
      const since = await windowSums(db, profile, at, [['since', signedInAt - 1]], SESSION_KINDS);
      for (const [kind, byWindow] of Object.entries(since)) sums[kind] = byWindow.since ?? 0;
      const staked = -((sums.bet ?? 0) + (sums.rollback ?? 0));
      const won = (sums.win ?? 0) + (sums.jackpot ?? 0);
      return {
        signedInAt,
        now: at,
        staked: formatMoney(staked),
        won: formatMoney(won),
        net: formatMoney(won - staked),
        currency: wallet?.currency ?? '',
        realityCheckMinutes: profile.reality_check_minutes,
        breakUntil: breakOf(profile, at),
      };
    },

    /**
     * The check every stake path runs inside the stake's ledger transaction, after the member's
     * account is locked (a `post` apply hook): SELF_EXCLUDED, TIMED_OUT, WAGER_LIMIT_REACHED when
     * the stake would take staking in a window past its limit, LOSS_LIMIT_REACHED when losses in a
     * window so far plus the stake would pass it. A member who never set anything costs one
     * primary-key read.
     */
    async assertStakeAllowed(trx: Db, check: MovementCheck): Promise<void> {
      const profile = await repo.findProfile(trx, check.memberId);
      if (!profile) return;
      assertNotOnBreak(profile, check.at);
      await assertWithinLimits(trx, profile, check, STAKE_LIMITS);
    },

    /**
     * A deposit being credited (its entry written, under the member's wallet lock): DEPOSIT_LIMIT_REACHED
     * when it no longer fits the limits in force (one lowered since it was started). Breaks are not
     * judged again: money the member already sent is credited, and withdrawals stay open.
     */
    async assertDepositFits(trx: Db, check: MovementCheck): Promise<void> {
      const profile = await repo.findProfile(trx, check.memberId);
      if (profile) await assertWithinLimits(trx, profile, check, ['deposit']);
    },

    /** The same for a deposit: SELF_EXCLUDED, TIMED_OUT or DEPOSIT_LIMIT_REACHED. */
    async assertDepositAllowed(trx: Db, check: MovementCheck): Promise<void> {
      const profile = await repo.findProfile(trx, check.memberId);
      if (!profile) return;
      assertNotOnBreak(profile, check.at);
      await assertWithinLimits(trx, profile, check, ['deposit']);
    },
  };

  async function takeBreak(
    who: AuthenticatedMember,
    column: 'timeout_until' | 'self_excluded_until',
    end: (at: number) => number,
    asked: Record<string, number>,
    ip: string,
  ): Promise<{ until: number }> {
    memberOnly(who);
    return db.transaction().execute(async (trx) => {
      const at = now();
      const profile = await repo.lockProfile(trx, who.id, who.operatorId, at);
      const current = until(profile[column], at);
      const next = Math.max(current ?? 0, end(at));
      if (next !== current) await repo.updateProfile(trx, who.id, { [column]: next }, at);
      await audit.record(
        {
          operatorId: who.operatorId,
          actorType: 'member',
          actorId: String(who.id),
          action: column === 'timeout_until' ? 'rg.timeout' : 'rg.self_exclusion',
          target: `member:${who.username}`,
          detail: { ...asked, until: next, kept: next === current },
          ip,
        },
        trx,
      );
      return { until: next };
    });
  }
}
export type ResponsibleGamblingService = ReturnType<typeof createResponsibleGamblingService>;
