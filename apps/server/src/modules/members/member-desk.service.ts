import { MEMBER_TYPE } from '@playhouse/contract/account';
import type {
  MemberAuditPage,
  MemberBonusPage,
  MemberLoginPage,
  MemberNotePage,
  MemberOverview,
  MemberRow,
  MemberSearchPage,
  MemberSearchQuery,
} from '@playhouse/contract/member-desk';
import { formatMoney } from '@playhouse/contract/money';
import type { OrdersPage, OrdersQuery } from '@playhouse/contract/play';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { BetRecordsService } from '../play/bet-records.service.ts';
import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import type { AuthenticatedMember } from './member-auth.service.ts';
import * as repo from './member-desk.repository.ts';

/** The member of staff acting, as the audit log records them. */
export interface DeskStaff {
  id: number;
  ip: string;
}

type Paging = { pageNo: number; pageSize: number };
const slice = (p: Paging) => ({ offset: (p.pageNo - 1) * p.pageSize, limit: p.pageSize });
const pageOf = <T>(list: T[], total: number, p: Paging) => ({
  list,
  pageNo: p.pageNo,
  pageSize: p.pageSize,
  totalCount: total,
  totalPages: Math.ceil(total / p.pageSize),
});

type MemberColumns = Awaited<ReturnType<typeof repo.searchMembers>>['rows'][number];
const rowOf = (m: MemberColumns): MemberRow => ({
  id: Number(m.id),
  userName: m.username,
  nickname: m.nickname,
  type: Number(m.type),
  status: m.status,
  mobile: m.mobile_num,
  email: m.email,
  realName: m.real_name,
  affiliateCode: m.affiliate_code,
  createdAt: Number(m.created_at),
  lastLoginAt: m.last_login_at === null ? null : Number(m.last_login_at),
});

const parseDetail = (detail: string | null): Record<string, unknown> => {
  if (!detail) return {};
  try {
    const parsed = JSON.parse(detail) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * The back office's member desk (issue 23): search, the member's page and staff actions on it. It
 * reads through the services that already own each thing (ledger balance, turnover, limits, bet
 * records) as the member would see them, scoped to the staff member's operator: a member of another
 * operator is NOT_FOUND. Every staff action is audited against `member:<id>`.
 */
export function createMemberDeskService(deps: {
  db: Db;
  audit: AuditService;
  ledger: LedgerService;
  payments: PaymentsService;
  protection: ResponsibleGamblingService;
  betRecords: BetRecordsService;
}) {
  const { db, audit } = deps;

  async function member(operatorId: number, memberId: number) {
    const found = await repo.findDeskMember(db, operatorId, memberId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }
  /** The member as their own services know them (no session: staff read, nothing is renewed). */
  const asMember = (m: {
    id: number;
    operator_id: number;
    username: string;
    type: number;
    currency: string;
  }) =>
    ({
      id: Number(m.id),
      operatorId: Number(m.operator_id),
      username: m.username,
      type: Number(m.type),
      currency: m.currency,
      sessionId: 0,
    }) satisfies AuthenticatedMember;

  return {
    async search(operatorId: number, query: MemberSearchQuery): Promise<MemberSearchPage> {
      const { rows, total } = await repo.searchMembers(db, operatorId, query.field, query.q, slice(query));
      return pageOf(rows.map(rowOf), total, query);
    },

    async overview(operatorId: number, memberId: number): Promise<MemberOverview> {
      const m = await member(operatorId, memberId);
      const who = asMember(m);
      const trial = who.type === MEMBER_TYPE.TRIAL;
      const [wallet, turnover, limits, tags, sessions] = await Promise.all([
        deps.ledger.wallet({ memberId: who.id }),
        deps.payments.turnover.of(who.id),
        trial ? null : deps.protection.limits(who),
        repo.listTags(db, operatorId, who.id),
        repo.liveSessions(db, operatorId, who.id, now()),
      ]);
      return {
        member: {
          ...rowOf(m),
          countryDialingCode: m.country_dialing_code,
          birthday: m.birthday,
          currency: m.currency,
          registerMethod: m.register_method,
          vipLevel: Number(m.vip_level),
          vipLabel: trial ? null : m.rank_name,
          upline: m.upline_name,
        },
        balance: formatMoney(wallet?.balance ?? 0),
        turnover: {
          required: formatMoney(turnover.required),
          achieved: formatMoney(turnover.achieved),
          remaining: formatMoney(turnover.remaining),
        },
        limits,
        tags,
        liveSessions: sessions.length,
      };
    },

    async sessions(operatorId: number, memberId: number) {
      await member(operatorId, memberId);
      const rows = await repo.liveSessions(db, operatorId, memberId, now());
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          createdAt: Number(r.created_at),
          lastSeenAt: Number(r.last_seen_at),
          expiresAt: Number(r.expires_at),
          ip: r.ip,
          device: r.device,
          userAgent: r.user_agent,
        })),
      };
    },

    /** Ends one of the member's sessions at once: the next request with its token is refused. */
    async revokeSession(operatorId: number, memberId: number, sessionId: number, staff: DeskStaff) {
      await member(operatorId, memberId);
      const revoked = await repo.endSession(db, operatorId, memberId, sessionId, now());
      if (!revoked) throw new AppError('NOT_FOUND');
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'member.session.revoked.staff',
        target: `member:${memberId}`,
        detail: { sessionId },
        ip: staff.ip,
      });
      return { revoked };
    },

    async logins(operatorId: number, memberId: number, page: Paging): Promise<MemberLoginPage> {
      await member(operatorId, memberId);
      const { rows, total } = await repo.listLogins(db, operatorId, memberId, slice(page));
      return pageOf(
        rows.map((r) => {
          const detail = parseDetail(r.detail);
          const method = typeof detail.type === 'string' ? detail.type : null;
          return {
            id: Number(r.id),
            at: Number(r.created_at),
            ok: r.action === 'member.login',
            ip: r.ip,
            method: method === 'social' && typeof detail.provider === 'string' ? detail.provider : method,
          };
        }),
        total,
        page,
      );
    },

    async notes(operatorId: number, memberId: number, page: Paging): Promise<MemberNotePage> {
      await member(operatorId, memberId);
      const { rows, total } = await repo.listNotes(db, operatorId, memberId, slice(page));
      return pageOf(
        rows.map((r) => ({
          id: Number(r.id),
          body: r.body,
          staff: r.staff_name,
          createdAt: Number(r.created_at),
        })),
        total,
        page,
      );
    },

    async addNote(operatorId: number, memberId: number, body: string, staff: DeskStaff) {
      await member(operatorId, memberId);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const noteId = await repo.insertNote(trx, { operatorId, memberId, staffId: staff.id, body, at });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'member.note.added',
            target: `member:${memberId}`,
            detail: { noteId },
            ip: staff.ip,
          },
          trx,
        );
        return noteId;
      });
      return { id, body, createdAt: at };
    },

    async setTags(operatorId: number, memberId: number, tags: string[], staff: DeskStaff) {
      await member(operatorId, memberId);
      const wanted = [...new Set(tags)].sort();
      await db.transaction().execute(async (trx) => {
        const change = await repo.replaceTags(trx, {
          operatorId,
          memberId,
          staffId: staff.id,
          tags: wanted,
          at: now(),
        });
        if (change.added.length || change.removed.length)
          await audit.record(
            {
              operatorId,
              actorType: 'staff',
              actorId: String(staff.id),
              action: 'member.tags',
              target: `member:${memberId}`,
              detail: change,
              ip: staff.ip,
            },
            trx,
          );
      });
      return { tags: wanted };
    },

    async staffActions(operatorId: number, memberId: number, page: Paging): Promise<MemberAuditPage> {
      const m = await member(operatorId, memberId);
      const { rows, total } = await repo.listStaffActions(
        db,
        operatorId,
        { id: Number(m.id), username: m.username },
        slice(page),
      );
      return pageOf(
        rows.map((r) => ({
          id: Number(r.id),
          at: Number(r.created_at),
          action: r.action,
          staff: r.staff_name ?? r.actor_id,
          detail: r.detail,
          ip: r.ip,
        })),
        total,
        page,
      );
    },

    async bets(operatorId: number, memberId: number, query: OrdersQuery): Promise<OrdersPage> {
      const m = await member(operatorId, memberId);
      return deps.betRecords.list(asMember(m), query);
    },

    async bonuses(operatorId: number, memberId: number, page: Paging): Promise<MemberBonusPage> {
      await member(operatorId, memberId);
      const { rows, total } = await repo.listBonuses(db, operatorId, memberId, slice(page));
      return pageOf(
        rows.map((r) => ({
          id: String(r.id),
          source: r.source === 'reward' ? ('reward' as const) : ('promotion' as const),
          name: r.name,
          status: r.status,
          amount: formatMoney(Number(r.amount)),
          turnover: formatMoney(Number(r.turnover)),
          createdAt: Number(r.created_at),
        })),
        total,
        page,
      );
    },
  };
}
export type MemberDeskService = ReturnType<typeof createMemberDeskService>;
