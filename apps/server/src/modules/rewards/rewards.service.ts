import { MEMBER_TYPE } from '@playhouse/contract/account';
import type { LanguageCode } from '@playhouse/contract/languages';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  CheckInSettingsSchema,
  MONEY_MISSIONS,
  type CheckInSettings,
  type ClaimPage,
  type ClaimQuery,
  type ClaimResult,
  type MissionAdmin,
  type MissionCreate,
  type MissionType,
  type MissionUpdate,
  type RewardCentre,
  type RewardSummary,
} from '@playhouse/contract/rewards';
import { mergeSettings } from '@playhouse/contract/settings';
import type { RewardMissionsTable } from '@playhouse/db/schema';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import { requestHash, type Leg } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import { findMemberByUsername } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { PaymentsService, StaffActor } from '../payments/payments.service.ts';
import {
  checkInReward,
  checkInState,
  cycleIndex,
  hundredthsToMultiple,
  missionStatus,
  multipleToHundredths,
  periodAt,
  turnoverOf,
} from './reward-rules.ts';
import * as repo from './rewards.repository.ts';

/**
 * The reward centre (spec §2, §3 "Rewards", §6 REWCEN3): a daily check-in with a streak, daily
 * missions judged on the member's own activity of the operator's day, and a daily login reward.
 *
 * A claim is one ledger entry from the house `bonus` account to the member, keyed by member, reward
 * and day (`rewards` / `<member>:<reward>:<day>`): a retry or a parallel duplicate finds the key
 * taken and moves nothing (answered REWARD_ALREADY_CLAIMED). In the same transaction the claim row
 * (unique per member, reward and day) is written, the turnover requirement grows by the reward times
 * its multiple, and the member is told in their inbox. A check-in's streak and reward are decided
 * under the member's ledger lock, so two check-ins at once cannot both read "not yet today".
 */

export const DEFAULT_CHECK_IN: CheckInSettings = {
  enabled: true,
  days: ['1.00', '2.00', '3.00', '5.00', '8.00', '10.00', '20.00'],
  turnoverMultiple: 1,
};

/** The ledger's idempotency namespace of reward claims. */
export const REWARDS_SOURCE = 'rewards';
const CHECK_IN_KEY = 'checkin';

type MissionRow = Awaited<ReturnType<typeof repo.listMissions>>[number];

const parseJsonOr = <T>(text: string | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function createRewardsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  payments: Pick<PaymentsService, 'settings' | 'turnover'>;
  inbox?: Pick<InboxService, 'send'> | undefined;
  /** The instant every judgement uses (tests move it). */
  clock?: () => number;
}) {
  const { db, ledger, audit, payments, inbox } = deps;
  const clock = deps.clock ?? now;
  const t = createTranslator('rewards');

  async function checkInSettings(operatorId: number): Promise<CheckInSettings> {
    const merged = mergeSettings(
      DEFAULT_CHECK_IN,
      parseJsonOr<unknown>(await repo.findSettings(db, operatorId), {}),
    );
    const parsed = CheckInSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_CHECK_IN;
  }

  const minor = (amount: string) => parseMoney(amount)!;
  const isMoney = (type: MissionType) => MONEY_MISSIONS.includes(type);
  const showTarget = (type: MissionType, value: number) =>
    isMoney(type) ? formatMoney(value) : String(value);

  /** What the member did today towards a mission (minor units or a count). */
  async function progressOf(type: MissionType, memberId: number, from: number, to: number): Promise<number> {
    switch (type) {
      case 'wager':
        return ledger.staked(memberId, { from, to });
      case 'games':
        return (await repo.gamesBetween(db, memberId, from, to)).size;
      case 'deposit':
        return repo.depositedBetween(db, memberId, from, to);
      case 'login':
        // The member is signed in (every reward-centre call is): they logged in today.
        return 1;
    }
  }

  /** The operator's day now, with the member's claims of it. */
  async function today(member: AuthenticatedMember) {
    const { timeZone } = await payments.settings(member.operatorId);
    const period = periodAt(clock(), timeZone);
    return { timeZone, ...period };
  }

  async function missionsFor(member: AuthenticatedMember, day: { day: string; from: number; to: number }) {
    const [missions, claims] = await Promise.all([
      repo.listMissions(db, member.operatorId, true),
      repo.claimsOfDay(db, member.id, day.day),
    ]);
    const claimed = new Set(claims.map((c) => c.reward_key));
    // One activity read per type, however many missions share it.
    const progress = new Map<MissionType, number>();
    for (const type of new Set(missions.map((m) => m.type)))
      progress.set(type, await progressOf(type, member.id, day.from, day.to));
    return {
      claimed,
      missions: missions.map((m) => {
        const done = progress.get(m.type) ?? 0;
        const target = Number(m.target);
        return {
          row: m,
          view: {
            id: Number(m.id),
            type: m.type,
            target: showTarget(m.type, target),
            // Progress shown up to the target (a mission is done, not overdone).
            progress: showTarget(m.type, Math.min(done, target)),
            reward: formatMoney(Number(m.reward)),
            turnoverMultiple: hundredthsToMultiple(m.turnover_multiple),
            status: missionStatus(done, target, claimed.has(`mission:${m.id}`)),
          },
        };
      }),
    };
  }

  // ---------- member ----------

  async function centre(member: AuthenticatedMember): Promise<RewardCentre> {
    const day = await today(member);
    const [settings, last, { missions }] = await Promise.all([
      checkInSettings(member.operatorId),
      repo.lastCheckIn(db, member.id),
      missionsFor(member, day),
    ]);
    const state = checkInState(last, day.day);
    return {
      day: day.day,
      timeZone: day.timeZone,
      checkIn: {
        enabled: settings.enabled,
        streak: state.streak,
        checkedInToday: state.checkedInToday,
        todayIndex: cycleIndex(state.todayStreak, settings.days.length),
        days: settings.days,
        turnoverMultiple: settings.turnoverMultiple,
      },
      missions: missions.map((m) => m.view),
    };
  }

  async function summary(member: AuthenticatedMember, enabled: boolean): Promise<RewardSummary> {
    // A trial account can claim nothing: no badge promises it a reward.
    if (!enabled || member.type === MEMBER_TYPE.TRIAL)
      return {
        unclaimed: 0,
        promos: {
          MISSION: { enabled: false, count: 0 },
          LOGIN: { enabled: false, count: 0 },
          CHECKIN: { enabled: false, count: 0 },
        },
      };
    const day = await today(member);
    const [settings, last, { missions }] = await Promise.all([
      checkInSettings(member.operatorId),
      repo.lastCheckIn(db, member.id),
      missionsFor(member, day),
    ]);
    const claimable = (login: boolean) =>
      missions.filter((m) => (m.row.type === 'login') === login && m.view.status === 'claimable').length;
    const checkIn = settings.enabled && !checkInState(last, day.day).checkedInToday ? 1 : 0;
    const promos = {
      MISSION: { enabled: missions.some((m) => m.row.type !== 'login'), count: claimable(false) },
      LOGIN: { enabled: missions.some((m) => m.row.type === 'login'), count: claimable(true) },
      CHECKIN: { enabled: settings.enabled, count: checkIn },
    };
    return { unclaimed: promos.MISSION.count + promos.LOGIN.count + promos.CHECKIN.count, promos };
  }

  /**
   * Pays one reward once: the ledger entry, the claim row, the turnover and the inbox message move
   * together. `decide` runs under the member's lock and names the amount (and streak).
   */
  async function pay(
    member: AuthenticatedMember,
    reward: {
      rewardKey: string;
      period: string;
      kind: 'checkin' | 'mission';
      mission?: MissionRow;
      multiple: number;
      language: LanguageCode;
      decide: (trx: Db) => Promise<{ amount: number; streak?: number }>;
    },
  ): Promise<ClaimResult> {
    const wallet = await ledger.wallet({ memberId: member.id });
    if (!wallet) throw new AppError('ACCOUNT_UNAVAILABLE');
    let decided: { amount: number; streak?: number } | undefined;
    const result = await ledger.post<ClaimResult>({
      operatorId: member.operatorId,
      kind: 'bonus',
      source: REWARDS_SOURCE,
      key: `${member.id}:${reward.rewardKey}:${reward.period}`,
      requestHash: requestHash({ member: member.id, reward: reward.rewardKey, period: reward.period }),
      memberId: member.id,
      currency: wallet.currency,
      reference: `${reward.rewardKey}:${reward.period}`,
      legs: async (trx): Promise<Leg[]> => {
        decided = await reward.decide(trx);
        return [
          { member: member.id, amount: decided.amount },
          { house: 'bonus', amount: -decided.amount },
        ];
      },
      respond: ({ balance }) => ({
        amount: formatMoney(decided!.amount),
        balance: formatMoney(balance!),
        turnover: formatMoney(turnoverOf(decided!.amount, reward.multiple)),
        ...(decided!.streak === undefined ? {} : { streak: decided!.streak }),
      }),
      apply: async (trx, moved) => {
        const d = decided!;
        const turnover = turnoverOf(d.amount, reward.multiple);
        const at = clock();
        if (
          !(await repo.insertClaim(trx, {
            operator_id: member.operatorId,
            member_id: member.id,
            kind: reward.kind,
            mission_id: reward.mission ? Number(reward.mission.id) : null,
            mission_type: reward.mission?.type ?? null,
            reward_key: reward.rewardKey,
            period: reward.period,
            streak: d.streak ?? null,
            amount: d.amount,
            turnover,
            entry_id: moved.entryId,
            created_at: at,
          }))
        )
          throw new AppError('REWARD_ALREADY_CLAIMED');
        await payments.turnover.add(trx, member.operatorId, member.id, turnover, moved.entryId);
        const name = reward.mission
          ? t(reward.language, `missions.${reward.mission.type}.title`, {
              target: showTarget(reward.mission.type, Number(reward.mission.target)),
            })
          : t(reward.language, 'checkIn.dayTitle', { day: d.streak ?? 1 });
        await inbox?.send(trx, {
          operatorId: member.operatorId,
          memberId: member.id,
          kind: 'reward_claimed',
          params: { amount: formatMoney(d.amount), currency: wallet.currency, name },
          dedupeKey: `reward:${moved.entryId}`,
        });
      },
    });
    // The key was paid before (a retry, a second tap, a parallel request): nothing moved now.
    if (result.duplicate) throw new AppError('REWARD_ALREADY_CLAIMED');
    return result.response;
  }

  /** Trial (free-play) accounts collect no real money (the ledger refuses it too). */
  function realMemberOnly(member: AuthenticatedMember) {
    if (member.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
  }

  async function checkIn(member: AuthenticatedMember, language: LanguageCode): Promise<ClaimResult> {
    realMemberOnly(member);
    const settings = await checkInSettings(member.operatorId);
    if (!settings.enabled) throw new AppError('NOT_FOUND');
    const day = await today(member);
    const last = await repo.lastCheckIn(db, member.id);
    if (checkInState(last, day.day).checkedInToday) throw new AppError('REWARD_ALREADY_CLAIMED');
    const days = settings.days.map(minor);
    return pay(member, {
      rewardKey: CHECK_IN_KEY,
      period: day.day,
      kind: 'checkin',
      multiple: multipleToHundredths(settings.turnoverMultiple),
      language,
      decide: async (trx) => {
        // Read again under the lock: the streak another request just made counts.
        const state = checkInState(await repo.lastCheckIn(trx, member.id), day.day);
        if (state.checkedInToday) throw new AppError('REWARD_ALREADY_CLAIMED');
        return { amount: checkInReward(days, state.todayStreak), streak: state.todayStreak };
      },
    });
  }

  async function claimMission(
    member: AuthenticatedMember,
    missionId: number,
    language: LanguageCode,
  ): Promise<ClaimResult> {
    realMemberOnly(member);
    const mission = await repo.findMission(db, member.operatorId, missionId);
    // Another operator's mission, or one switched off: there is nothing to claim.
    if (!mission || !mission.active) throw new AppError('NOT_FOUND');
    const day = await today(member);
    const rewardKey = `mission:${mission.id}`;
    if (await repo.hasClaim(db, member.id, rewardKey, day.day)) throw new AppError('REWARD_ALREADY_CLAIMED');
    const done = await progressOf(mission.type, member.id, day.from, day.to);
    const target = Number(mission.target);
    if (done < target)
      throw new AppError('REWARD_NOT_EARNED', {
        params: { progress: showTarget(mission.type, done), target: showTarget(mission.type, target) },
      });
    const amount = Number(mission.reward);
    return pay(member, {
      rewardKey,
      period: day.day,
      kind: 'mission',
      mission,
      multiple: mission.turnover_multiple,
      language,
      decide: async () => ({ amount }),
    });
  }

  // ---------- back office ----------

  const missionView = (m: MissionRow): MissionAdmin => ({
    id: Number(m.id),
    type: m.type,
    target: showTarget(m.type, Number(m.target)),
    reward: formatMoney(Number(m.reward)),
    turnoverMultiple: hundredthsToMultiple(m.turnover_multiple),
    active: Boolean(m.active),
    sortOrder: m.sort_order,
    updatedAt: Number(m.updated_at),
  });

  /** A target as stored: minor units for amounts, a whole count otherwise (login is always 1). */
  function storedTarget(type: MissionType, target: string): number {
    if (type === 'login') return 1;
    if (isMoney(type)) {
      const value = parseMoney(target);
      if (value === undefined || value <= 0) throw fieldError('target', 'tooSmall', { min: '0.01' });
      return value;
    }
    if (!/^\d{1,4}$/.test(target) || Number(target) < 1 || Number(target) > 1000)
      throw fieldError('target', 'invalidFormat');
    return Number(target);
  }

  function storedReward(reward: string): number {
    const value = parseMoney(reward);
    if (value === undefined || value <= 0) throw fieldError('reward', 'tooSmall', { min: '0.01' });
    return value;
  }

  const admin = {
    async missions(operatorId: number): Promise<MissionAdmin[]> {
      return (await repo.listMissions(db, operatorId, false)).map(missionView);
    },
    async createMission(operatorId: number, staff: StaffActor, body: MissionCreate): Promise<MissionAdmin> {
      const at = now();
      const row = {
        operator_id: operatorId,
        type: body.type,
        target: storedTarget(body.type, body.target),
        reward: storedReward(body.reward),
        turnover_multiple: multipleToHundredths(body.turnoverMultiple),
        active: body.active ? 1 : 0,
        sort_order: body.sortOrder,
        created_at: at,
        updated_at: at,
      } satisfies Omit<RewardMissionsTable, 'id'>;
      const id = await db.transaction().execute(async (trx) => {
        const id = await repo.insertMission(trx, row);
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'rewards.mission.create',
            target: `mission:${id}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
        return id;
      });
      return missionView((await repo.findMission(db, operatorId, id))!);
    },
    async updateMission(
      operatorId: number,
      staff: StaffActor,
      id: number,
      body: MissionUpdate,
    ): Promise<MissionAdmin> {
      const current = await repo.findMission(db, operatorId, id);
      if (!current) throw new AppError('NOT_FOUND');
      const patch = {
        ...(body.target !== undefined ? { target: storedTarget(current.type, body.target) } : {}),
        ...(body.reward !== undefined ? { reward: storedReward(body.reward) } : {}),
        ...(body.turnoverMultiple !== undefined
          ? { turnover_multiple: multipleToHundredths(body.turnoverMultiple) }
          : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(body.sortOrder !== undefined ? { sort_order: body.sortOrder } : {}),
      };
      await db.transaction().execute(async (trx) => {
        await repo.updateMission(trx, operatorId, id, patch, now());
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'rewards.mission.update',
            target: `mission:${id}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
      });
      return missionView((await repo.findMission(db, operatorId, id))!);
    },
    checkInSettings,
    async saveCheckInSettings(
      operatorId: number,
      staff: StaffActor,
      body: CheckInSettings,
    ): Promise<CheckInSettings> {
      body.days.forEach((d, i) => {
        if (!(minor(d) > 0)) throw fieldError(`days.${i}`, 'tooSmall', { min: '0.01' });
      });
      const next = { ...body, days: body.days.map((d) => formatMoney(minor(d))) };
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, operatorId, JSON.stringify(next), now());
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'rewards.checkin.settings',
            detail: next,
            ip: staff.ip,
          },
          trx,
        );
      });
      return next;
    },
    async claims(operatorId: number, query: ClaimQuery): Promise<ClaimPage> {
      let memberId: number | undefined;
      if (query.userName) {
        const member = await findMemberByUsername(db, operatorId, query.userName.trim().toLowerCase());
        if (!member)
          return { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0, totalPages: 0 };
        memberId = Number(member.id);
      }
      const { rows, total } = await repo.listClaims(db, operatorId, {
        memberId,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          userName: r.username,
          kind: r.kind,
          missionId: r.mission_id === null ? null : Number(r.mission_id),
          missionType: (r.mission_type as MissionType | null) ?? null,
          period: r.period,
          streak: r.streak === null ? null : Number(r.streak),
          amount: formatMoney(Number(r.amount)),
          turnover: formatMoney(Number(r.turnover)),
          entryId: Number(r.entry_id),
          createdAt: Number(r.created_at),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
    /** Demo missions and check-in rewards, once (an operator that has missions keeps them). */
    async seedDemo(operatorId: number) {
      if ((await repo.countMissions(db, operatorId)) > 0) return;
      const at = now();
      const demo: [MissionType, number, number, number][] = [
        ['login', 1, 200, 100],
        ['wager', 50_000, 1_000, 100],
        ['games', 3, 800, 100],
        ['deposit', 10_000, 1_500, 200],
      ];
      for (const [i, [type, target, reward, multiple]] of demo.entries())
        await repo.insertMission(db, {
          operator_id: operatorId,
          type,
          target,
          reward,
          turnover_multiple: multiple,
          active: 1,
          sort_order: i,
          created_at: at,
          updated_at: at,
        });
      if ((await repo.findSettings(db, operatorId)) === undefined)
        await repo.saveSettings(db, operatorId, JSON.stringify(DEFAULT_CHECK_IN), at);
    },
  };

  return { centre, summary, checkIn, claimMission, admin };
}
export type RewardsService = ReturnType<typeof createRewardsService>;
