import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { MEMBER_TYPE, NON_AGENT_TYPES } from '@playhouse/contract/account';
import {
  AGENT_LINK_PARAM,
  AgentCodeSchema,
  isAgentType,
  type AgentHome,
  type BoAgentBody,
  type BoAgentPage,
  type BoAgentsQuery,
  type TeamKpi,
  type TeamPage,
  type TeamQuery,
} from '@playhouse/contract/agents';
import { formatMoney } from '@playhouse/contract/money';
import type { StatementQuery } from '@playhouse/contract/transactions';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import { findMemberById, findMemberByUsername } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import { resolvePeriod } from '../transactions/period.ts';
import * as repo from './agents.repository.ts';

/**
 * Turnover, payout and bettors from the journal's sums by entry kind. Member lines are signed for the
 * member: a stake is a negative line (of a seamless 'bet' entry, or of an in-house round's 'bet' entry
 * that also carries the win as a positive line), a rollback gives a stake back, a win is positive.
 */
export function playFigures(
  movements: readonly { kind: string; amount: unknown; debits: unknown; members: unknown }[],
) {
  const row = (kind: string) => movements.find((m) => m.kind === kind);
  const sum = (kind: string) => Number(row(kind)?.amount ?? 0);
  const stakes = -Number(row('bet')?.debits ?? 0);
  const roundWins = sum('bet') + stakes;
  return {
    turnover: stakes - sum('rollback'),
    payout: sum('win') + roundWins,
    bettors: Number(row('bet')?.members ?? 0),
    sum,
  };
}

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

interface StaffActor {
  id: number;
  ip: string;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
};

/**
 * The agent network (issue 22, decision 033): operators make members agents (type and level, spec §6),
 * each agent gets an affiliate code, and a member who registers with it is placed under the agent in
 * the closure table `agent_network`, in the same transaction that creates the member. The agent
 * centre reads the whole downline and its figures over a period from that table and the journal.
 */
export function createAgentsService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;

  /** The active agent an affiliate code names, if any. */
  async function agentByCode(operatorId: number, code: string | undefined | null) {
    const parsed = AgentCodeSchema.safeParse(code ?? '');
    if (!parsed.success) return undefined;
    return repo.findAgentByCode(db, operatorId, parsed.data, NON_AGENT_TYPES);
  }

  /** The signed-in member as an agent, or NOT_AGENT. */
  async function requireAgent(who: AuthenticatedMember) {
    const member = await findMemberById(db, who.id);
    const agent = member && (await repo.findAgentOfMember(db, who.id));
    if (
      !member ||
      !agent ||
      !isAgentType(Number(member.type)) ||
      Number(member.operator_id) !== who.operatorId
    )
      throw new AppError('NOT_AGENT');
    return { member, agent };
  }

  async function figures(operatorId: number, agentId: number, from: number, to: number) {
    const [registered, movements, first] = await Promise.all([
      repo.registrations(db, operatorId, agentId, from, to),
      repo.movementsByKind(db, operatorId, agentId, from, to),
      repo.firstDeposits(db, operatorId, agentId, from, to),
    ]);
    const { turnover, payout, bettors, sum } = playFigures(movements);
    return {
      registrations: registered,
      firstDeposits: first.count,
      firstDepositAmount: first.amount,
      bettors,
      turnover,
      payout,
      profitLoss: payout - turnover,
      deposits: sum('deposit'),
      withdrawals: -sum('withdrawal'),
    };
  }

  return {
    agentByCode,
    figures,

    /** Whether a code names an active agent (`/wps/agent/affiliate`). */
    async codeValid(operatorId: number, code: string): Promise<boolean> {
      return Boolean(await agentByCode(operatorId, code));
    },

    /**
     * Places a new member under the agent holding `uplineId`, inside the caller's transaction (the one
     * that inserted the member), so a member is never left with an upline and no network rows.
     */
    attach: (trx: Db, operatorId: number, memberId: number, uplineId: number) =>
      repo.attach(trx, operatorId, memberId, uplineId),

    /** Makes a member an agent, or changes an agent's type and level (audited). */
    async makeAgent(operatorId: number, staff: StaffActor, body: BoAgentBody) {
      const member = await findMemberByUsername(db, operatorId, body.userName);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      if (Number(member.type) === MEMBER_TYPE.TRIAL || member.status !== 'active')
        throw new AppError('AGENT_NOT_ELIGIBLE');
      const memberId = Number(member.id);
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            const at = now();
            const existing = await repo.findAgentOfMember(trx, memberId);
            const code = existing?.code ?? newCode();
            if (existing) await repo.updateAgentLevel(trx, memberId, body.level, at);
            else
              await repo.insertAgent(trx, {
                operator_id: operatorId,
                member_id: memberId,
                level: body.level,
                code,
                at,
              });
            await repo.setMemberType(trx, memberId, body.type);
            await audit.record(
              {
                operatorId,
                actorType: 'staff',
                actorId: String(staff.id),
                action: existing ? 'agent.update' : 'agent.create',
                target: `member:${memberId}`,
                detail: {
                  userName: member.username,
                  type: body.type,
                  level: body.level,
                  previousType: Number(member.type),
                  ...(existing ? { previousLevel: Number(existing.level) } : {}),
                },
                ip: staff.ip,
              },
              trx,
            );
            return { userName: member.username, type: body.type, level: body.level, code };
          });
        } catch (error) {
          // Two codes drawn alike, or two staff making the same agent at once: draw again / reread.
          if (isUniqueViolation(error) && attempt < 4) continue;
          throw error;
        }
      }
    },

    /**
     * Makes an agent an ordinary member (type 0) again. Its downline stays where it is and its code
     * stops binding new members until it is made an agent again (the code is kept).
     */
    async removeAgent(operatorId: number, staff: StaffActor, userName: string) {
      const member = await findMemberByUsername(db, operatorId, userName);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      const memberId = Number(member.id);
      await db.transaction().execute(async (trx) => {
        await repo.setMemberType(trx, memberId, MEMBER_TYPE.MEMBER);
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.remove',
            target: `member:${memberId}`,
            detail: { userName: member.username, previousType: Number(member.type) },
            ip: staff.ip,
          },
          trx,
        );
      });
      return { userName: member.username, type: MEMBER_TYPE.MEMBER };
    },

    async boList(operatorId: number, q: BoAgentsQuery): Promise<BoAgentPage> {
      const { rows, total } = await repo.pageAgents(db, operatorId, NON_AGENT_TYPES, {
        q: q.q,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        items: rows.map((r) => ({
          memberId: Number(r.id),
          userName: r.username,
          type: Number(r.type),
          level: Number(r.level),
          code: r.code,
          upline: r.upline ?? null,
          direct: Number(r.direct ?? 0),
          team: Number(r.team ?? 0),
          createdAt: Number(r.created_at),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** The agent centre's head: my code, link, QR code and team size. */
    async home(who: AuthenticatedMember, siteBase: string): Promise<AgentHome> {
      const { member, agent } = await requireAgent(who);
      const [size, upline] = await Promise.all([
        repo.teamSize(db, who.operatorId, who.id),
        member.upline_id === null ? undefined : findMemberById(db, Number(member.upline_id)),
      ]);
      const path = `/m/register?${AGENT_LINK_PARAM}=${agent.code}`;
      const link = `${siteBase.replace(/\/$/, '')}${path}`;
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        userName: member.username,
        type: Number(member.type),
        level: Number(agent.level),
        code: agent.code,
        path,
        link,
        qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        upline: upline?.username ?? null,
        currency: member.currency,
        ...size,
      };
    },

    /** The downline's figures over a period of days in the agent's time zone (spec "Team KPI"). */
    async teamKpi(who: AuthenticatedMember, query: StatementQuery): Promise<TeamKpi> {
      const { member } = await requireAgent(who);
      const period = resolvePeriod(query, now());
      const f = await figures(who.operatorId, who.id, period.from, period.to);
      return {
        startDate: period.startDate,
        endDate: period.endDate,
        timeZone: period.timeZone,
        currency: member.currency,
        registrations: f.registrations,
        firstDeposits: f.firstDeposits,
        firstDepositAmount: formatMoney(f.firstDepositAmount),
        bettors: f.bettors,
        turnover: formatMoney(f.turnover),
        payout: formatMoney(f.payout),
        profitLoss: formatMoney(f.profitLoss),
        deposits: formatMoney(f.deposits),
        withdrawals: formatMoney(f.withdrawals),
      };
    },

    /** A page of my downline, optionally only my direct members or those whose name contains a text. */
    async team(who: AuthenticatedMember, query: TeamQuery): Promise<TeamPage> {
      await requireAgent(who);
      const { rows, total } = await repo.pageTeam(db, who.operatorId, who.id, NON_AGENT_TYPES, {
        userName: query.userName,
        direct: query.direct,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map((r) => ({
          userName: r.username,
          depth: Number(r.depth),
          agent: Boolean(Number(r.agent)),
          registeredAt: Number(r.created_at),
          lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
