import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { NON_AGENT_TYPES, MEMBER_TYPE } from '@playhouse/contract/account';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  REFERRAL_LINK_PARAM,
  ReferralCodeSchema,
  ReferralSettingsSchema,
  type ReferralSettings,
  type ReferralSummary,
} from '@playhouse/contract/referral';
import { mergeSettings } from '@playhouse/contract/settings';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import { findMemberById, findMemberByUsername } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SettingsService } from '../operators/settings.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { maskName } from '../winners/mask-name.ts';
import * as repo from './referral.repository.ts';

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  rewardAmount: '50.00',
  minDeposit: '100.00',
  turnoverMultiplier: 1,
};

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const FRIENDS_SHOWN = 100;
const LEDGER_SOURCE = 'referral';

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

interface StaffActor {
  id: number;
  ip: string;
}

/**
 * Invite friends (issue 16): each member's referral code and link, the friends who registered with
 * it, and one reward per friend whose first credited deposit reaches the operator's threshold.
 *
 * The reward is one ledger entry (house `bonus` → referrer) keyed by the friend's member id, whose
 * `apply` moves the referral from `deposited` to `qualified` by a conditional UPDATE and adds the
 * turnover: however many attempts race, the money moves once. The first deposit is recorded after
 * the deposit's own entry committed (payments' credit listener); the reward follows it at once, and
 * is retried whenever the referrer opens the screen, so a crash in between loses nothing.
 */
export function createReferralService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  payments: PaymentsService;
  settings: SettingsService;
  inbox?: Pick<InboxService, 'send'> | undefined;
}) {
  const { db, ledger, audit, payments, settings: operatorSettings, inbox } = deps;

  async function settings(operatorId: number): Promise<ReferralSettings> {
    const stored = await repo.findSettings(db, operatorId);
    let parsed: unknown = {};
    try {
      parsed = stored ? JSON.parse(stored) : {};
    } catch {
      parsed = {};
    }
    const merged = ReferralSettingsSchema.safeParse(mergeSettings(DEFAULT_REFERRAL_SETTINGS, parsed));
    return merged.success ? merged.data : DEFAULT_REFERRAL_SETTINGS;
  }

  async function enabled(operatorId: number): Promise<boolean> {
    const { settings: s } = await operatorSettings.get(operatorId);
    return s.whitelabel.REFERRAL3 && s.site.promotions.REFERRAL;
  }

  /** The member's code, made on first use (a collision simply draws again). */
  async function codeOf(operatorId: number, memberId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repo.findCode(db, memberId);
      if (existing) return existing;
      await repo.insertCode(db, operatorId, memberId, newCode(), now());
    }
    const code = await repo.findCode(db, memberId);
    if (!code) throw new Error('no referral code could be made');
    return code;
  }

  /**
   * Pays the referrer for a friend whose recorded first deposit reaches the threshold, once. Safe to
   * call any number of times, in parallel: answers whether this call paid.
   */
  async function qualify(operatorId: number, friendId: number): Promise<boolean> {
    const referral = await repo.findByFriend(db, friendId);
    if (!referral || referral.status !== 'deposited' || Number(referral.operator_id) !== operatorId)
      return false;
    if (!(await enabled(operatorId))) return false;
    const rules = await settings(operatorId);
    const reward = parseMoney(rules.rewardAmount)!;
    if (reward <= 0 || Number(referral.first_deposit) < parseMoney(rules.minDeposit)!) return false;
    const referrer = await findMemberById(db, Number(referral.referrer_id));
    const friend = await findMemberById(db, friendId);
    if (!referrer || !friend || referrer.status !== 'active') return false;
    // A trial account earns no real money (the ledger refuses it too).
    if (Number(referrer.type) === MEMBER_TYPE.TRIAL) return false;
    const turnover = Math.round(reward * rules.turnoverMultiplier);
    try {
      const posted = await ledger.post({
        operatorId,
        kind: 'bonus',
        source: LEDGER_SOURCE,
        key: `friend:${friendId}`,
        requestHash: requestHash({ referral: Number(referral.id), friend: friendId, reward }),
        memberId: Number(referrer.id),
        currency: referrer.currency,
        reference: `referral:${Number(referral.id)}`,
        legs: [
          { member: Number(referrer.id), amount: reward },
          { house: 'bonus', amount: -reward },
        ],
        respond: ({ balance }) => ({ friendId, reward: formatMoney(reward), balance: formatMoney(balance!) }),
        apply: async (trx, moved) => {
          const at = now();
          if (!(await repo.markQualified(trx, friendId, reward, moved.entryId, at)))
            throw new AppError('CONFLICT');
          await payments.turnover.add(trx, operatorId, Number(referrer.id), turnover, moved.entryId);
          await audit.record(
            {
              operatorId,
              actorType: 'system',
              actorId: 'referral',
              action: 'referral.reward.paid',
              target: `member:${Number(referrer.id)}`,
              detail: { friend: friendId, entryId: moved.entryId, reward: formatMoney(reward), turnover },
            },
            trx,
          );
          await inbox?.send(trx, {
            operatorId,
            memberId: Number(referrer.id),
            kind: 'referral_reward',
            params: {
              amount: formatMoney(reward),
              currency: referrer.currency,
              name: maskName(friend.username),
            },
            dedupeKey: `referral:${Number(referral.id)}`,
          });
        },
      });
      return !posted.duplicate;
    } catch (error) {
      // Another attempt qualified the friend between our read and our update: nothing moved here.
      if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'IDEMPOTENCY_MISMATCH'))
        return false;
      throw error;
    }
  }

  /** Records a friend's first credited deposit, then pays the reward if it qualifies. */
  async function depositCredited(event: {
    operatorId: number;
    memberId: number;
    depositId: string;
    amount: number;
  }) {
    const referral = await repo.findByFriend(db, event.memberId);
    if (!referral) return;
    if (referral.status === 'registered') {
      // Only the member's first credited deposit counts, whichever listener call runs first.
      if ((await payments.firstCreditedId(event.memberId)) !== event.depositId) return;
      await repo.markDeposited(db, event.memberId, event.amount, now());
    }
    await qualify(event.operatorId, event.memberId);
  }
  payments.onCredited(depositCredited);

  return {
    settings,
    qualify,
    depositCredited,

    /**
     * Records that a new member registered through a referral link or code. A code that names no
     * active member (or the new member) is ignored: registration never fails over a link.
     */
    async recordSignup(operatorId: number, friendId: number, code: string | undefined | null) {
      const parsed = ReferralCodeSchema.safeParse(code ?? '');
      if (!parsed.success) return false;
      const referrer = await repo.findReferrerByCode(db, operatorId, parsed.data);
      if (!referrer || Number(referrer.id) === friendId || !NON_AGENT_TYPES.includes(Number(referrer.type)))
        return false;
      try {
        await repo.insertReferral(db, operatorId, Number(referrer.id), friendId, now());
      } catch {
        // The member is registered already: a referral that cannot be recorded never fails that.
        return false;
      }
      return true;
    },

    /** The referral code a registration carries: `?ref=` of its link. */
    codeFromUrl(url: string | undefined): string | undefined {
      if (!url) return undefined;
      try {
        return new URL(url, 'http://x').searchParams.get(REFERRAL_LINK_PARAM) ?? undefined;
      } catch {
        return undefined;
      }
    },

    /** My code, link and invited friends. Non-agents only (spec §6); trial accounts cannot invite. */
    async summary(who: AuthenticatedMember, siteBase: string): Promise<ReferralSummary> {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      if (!NON_AGENT_TYPES.includes(who.type) || !(await enabled(who.operatorId)))
        throw new AppError('FORBIDDEN');
      const code = await codeOf(who.operatorId, who.id);
      // Rewards a crash left unpaid are paid now (idempotent).
      for (const r of await repo.awaitingReward(db, who.id))
        await qualify(who.operatorId, Number(r.friend_id));
      const [rules, rows, counts, member] = await Promise.all([
        settings(who.operatorId),
        repo.listForReferrer(db, who.id, FRIENDS_SHOWN),
        repo.countsForReferrer(db, who.id),
        findMemberById(db, who.id),
      ]);
      const path = `/m/register?${REFERRAL_LINK_PARAM}=${code}`;
      const link = `${siteBase.replace(/\/$/, '')}${path}`;
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        code,
        path,
        link,
        qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        enabled: true,
        rewardAmount: rules.rewardAmount,
        minDeposit: rules.minDeposit,
        currency: member?.currency ?? 'PHP',
        invited: counts.invited,
        qualified: counts.qualified,
        earned: formatMoney(counts.earned),
        friends: rows.map((r) => ({
          name: maskName(r.username),
          status: r.status,
          registeredAt: Number(r.created_at),
          qualifiedAt: r.qualified_at === null ? null : Number(r.qualified_at),
          reward: formatMoney(Number(r.reward ?? 0)),
        })),
      };
    },

    async updateSettings(operatorId: number, staff: StaffActor, patch: Partial<ReferralSettings>) {
      const next = ReferralSettingsSchema.safeParse(mergeSettings(await settings(operatorId), patch));
      if (!next.success) throw fieldError('body', 'invalid');
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, operatorId, JSON.stringify(next.data), now());
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'referral.settings',
            detail: { patch },
            ip: staff.ip,
          },
          trx,
        );
      });
      return next.data;
    },

    async boList(
      operatorId: number,
      q: {
        status?: repo.ReferralRow['status'] | undefined;
        referrer?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      let referrerId: number | undefined;
      if (q.referrer) {
        const m = await findMemberByUsername(db, operatorId, q.referrer.toLowerCase());
        if (!m) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
        referrerId = Number(m.id);
      }
      const { rows, total } = await repo.pageForOperator(db, operatorId, {
        status: q.status,
        referrerId,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          referrer: r.referrer,
          friend: r.friend,
          status: r.status,
          firstDeposit: r.first_deposit === null ? null : formatMoney(Number(r.first_deposit)),
          reward: r.reward === null ? null : formatMoney(Number(r.reward)),
          createdAt: Number(r.created_at),
          qualifiedAt: r.qualified_at === null ? null : Number(r.qualified_at),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
