import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import { bpToRate, commissionFor, rateToBp, type StoredTier } from '@playhouse/contract/agent-commission';
import {
  CONTRACT_KINDS,
  CONTRACT_REQUEST_FIELD,
  NO_TRANSFER_UP_TYPE,
  contractExempt,
  isAgentType,
  type AgentTransfer,
  type AgentTransferResult,
  type BoCommission,
  type BoCommissionPage,
  type BoCommissionRun,
  type BoCommissionsQuery,
  type BoContract,
  type BoOfferBody,
  type BoTemplate,
  type BoTemplateBody,
  type Contract,
  type ContractKind,
  type ContractOffer,
  type ContractPage,
  type ContractRequests,
  type ContractTerms,
  type DividendCycle,
  type MyCommissions,
} from '@playhouse/contract/agents';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import { findMemberById, findMemberByUsername } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SettingsService } from '../operators/settings.service.ts';
import * as network from './agents.repository.ts';
import { playFigures } from './agents.service.ts';
import { closedPeriods, LOOKBACK } from './commission-periods.ts';
import * as repo from './contracts.repository.ts';

/** Contract terms as stored: minor units and basis points. */
interface StoredTerms {
  tiers: StoredTier[];
  cycle: DividendCycle;
}

const toStored = (t: ContractTerms): StoredTerms => ({
  tiers: t.tiers.map((x) => ({
    min: parseMoney(x.min)!,
    minActive: x.minActive,
    rateBp: rateToBp(x.rate),
    fixed: parseMoney(x.fixed)!,
  })),
  cycle: t.cycle,
});
const parseStored = (json: string): StoredTerms => JSON.parse(json) as StoredTerms;
const toApi = (s: StoredTerms): ContractTerms => ({
  tiers: s.tiers.map((x) => ({
    min: formatMoney(x.min),
    minActive: x.minActive,
    rate: bpToRate(x.rateBp),
    fixed: formatMoney(x.fixed),
  })),
  cycle: s.cycle,
});

interface StaffActor {
  id: number;
  ip: string;
}

/** How long an operator's pass may hold the job's lease before another instance may take over. */
const LEASE_MS = 5 * 60_000;
/** A transfer still half-done after this long is completed by the job (its request died midway). */
const TRANSFER_GRACE_MS = 30_000;

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
};

/**
 * Agent contracts, commissions and team transfers (issue 22, decision 034).
 *
 * - Contracts: the operator (back office, from a template or its own terms) or an agent's upline (no
 *   more than its own contract pays) offers a daily salary, hourly salary or dividend contract; it
 *   waits as a request until the member accepts (replacing the active one of that kind) or declines.
 * - Commissions: a job computes each active contract's closed periods from the journal (the team's
 *   turnover and net loss through the closure table), one row per member, kind and period (unique),
 *   approves those up to the operator's limit itself and pays approved ones through the ledger under
 *   `agent:<member>:<kind>:<period>` in the same transaction that marks the row paid, so a period is
 *   paid once however many passes or instances run. A recompute keeps what was paid and shows the
 *   difference; a positive one waits for approval again and is paid under the next key.
 * - Transfers: to a downline member (agents) or to the direct upline (TRANSUP3 on, never type 2),
 *   with the fund password: a keyed debit to the house `agents` account, then a keyed credit; the job
 *   completes a transfer whose request died between the two.
 */
export function createContractsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  settings: SettingsService;
  timeZone: (operatorId: number) => Promise<string>;
  verifyFundPassword: (who: AuthenticatedMember, given: string, ip: string) => Promise<void>;
}) {
  const { db, ledger, audit, settings } = deps;

  const contractView = (r: {
    id: number;
    kind: string;
    status: string;
    terms: string;
    offered_by: string | null;
    created_at: number;
    decided_at: number | null;
  }): Contract => ({
    id: Number(r.id),
    kind: r.kind as ContractKind,
    status: r.status as Contract['status'],
    terms: toApi(parseStored(r.terms)),
    offeredBy: r.offered_by,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  });

  async function agentMember(who: AuthenticatedMember) {
    const member = await findMemberById(db, who.id);
    if (!member || Number(member.operator_id) !== who.operatorId) throw new AppError('SESSION_EXPIRED');
    return member;
  }

  /** A new request replaces the member's pending one of that kind (withdrawn), in one transaction. */
  async function offer(
    operatorId: number,
    memberId: number,
    kind: ContractKind,
    terms: StoredTerms,
    by: { member: number } | { staff: StaffActor },
    actor: { type: 'staff' | 'member'; id: number; ip: string },
  ) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const at = now();
          await repo.closeOfKind(trx, memberId, kind, 'pending', at);
          const id = await repo.insertContract(trx, {
            operator_id: operatorId,
            member_id: memberId,
            kind,
            terms: JSON.stringify(terms),
            offered_by_member_id: 'member' in by ? by.member : null,
            offered_by_staff_id: 'staff' in by ? by.staff.id : null,
            created_at: at,
          });
          await audit.record(
            {
              operatorId,
              actorType: actor.type,
              actorId: String(actor.id),
              action: 'agent.contract.offer',
              target: `member:${memberId}`,
              detail: { contractId: id, kind, terms: toApi(terms) },
              ip: actor.ip,
            },
            trx,
          );
          return id;
        });
      } catch (error) {
        // Two offers at once: the partial unique index let one in; the other replaces it.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
  }

  // ---------- commissions ----------

  /** The team's figures over [from, to) from the journal (the same reading as the team KPI). */
  async function teamFigures(operatorId: number, agentId: number, from: number, to: number) {
    const { turnover, payout, bettors } = playFigures(
      await network.movementsByKind(db, operatorId, agentId, from, to),
    );
    return { turnover, netLoss: turnover - payout, active: bettors };
  }

  /** Pays what an approved commission still owes, once: the ledger key and the row move together. */
  async function pay(row: repo.CommissionRow, actor: { type: 'staff' | 'system'; id: string }) {
    const operatorId = Number(row.operator_id);
    const memberId = Number(row.member_id);
    const count = Number(row.paid_count);
    const due = Number(row.amount) - Number(row.paid_amount);
    const base = `agent:${memberId}:${row.kind}:${row.period_key}`;
    const key = count === 0 ? base : `${base}:${count + 1}`;
    const at = now();
    const markPaid = async (trx: Db, entryId: number | null) => {
      const r = await trx
        .updateTable('agent_commissions')
        .set({
          status: 'paid',
          paid_amount: Number(row.amount),
          paid_count: due > 0 ? count + 1 : count,
          paid_at: at,
          ...(entryId === null ? {} : { entry_id: entryId }),
        })
        .where('id', '=', Number(row.id))
        .where('status', '=', 'approved')
        .where('paid_count', '=', count)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new AppError('COMMISSION_NOT_PENDING');
    };
    if (due <= 0) {
      // Approved with nothing owed (a recompute came to what was paid): closed without moving money.
      await db.transaction().execute((trx) => markPaid(trx, null));
      return false;
    }
    const result = await ledger.post({
      operatorId,
      kind: 'commission',
      source: 'agents',
      key,
      requestHash: requestHash({ memberId, amount: due, commission: Number(row.id) }),
      memberId,
      currency: row.currency,
      reference: `${row.kind}:${row.period_key}`,
      legs: [
        { house: 'agents', amount: -due },
        { member: memberId, amount: due },
      ],
      respond: ({ balance }) => ({ balance: formatMoney(balance ?? 0) }),
      apply: async (trx, moved) => {
        await markPaid(trx, moved.entryId);
        await audit.record(
          {
            operatorId,
            actorType: actor.type,
            actorId: actor.id,
            action: 'agent.commission.paid',
            target: `member:${memberId}`,
            detail: {
              commissionId: Number(row.id),
              kind: row.kind,
              period: row.period_key,
              amount: formatMoney(due),
              key,
              entryId: moved.entryId,
            },
            ip: null,
          },
          trx,
        );
      },
    });
    return !result.duplicate;
  }

  async function payQuietly(row: repo.CommissionRow, actor: { type: 'staff' | 'system'; id: string }) {
    try {
      return await pay(row, actor);
    } catch (error) {
      // Another pass or an operator paid it first: nothing more to do.
      if (error instanceof AppError && error.code === 'COMMISSION_NOT_PENDING') return false;
      throw error;
    }
  }

  /** Pays every approved commission still owed (the job's payout step); answers how many it paid. */
  async function payApproved(operatorId: number) {
    let paid = 0;
    for (const row of await repo.approvedUnpaid(db, operatorId, 500))
      if (await payQuietly(row, { type: 'system', id: 'commission-job' })) paid += 1;
    return paid;
  }

  // ---------- transfers ----------

  /** The credit half of a transfer (keyed by the transfer): once, whoever completes it. */
  async function credit(t: repo.TransferRow, fromName: string) {
    await ledger.post({
      operatorId: Number(t.operator_id),
      kind: 'transfer_in',
      source: 'agent-transfer',
      key: `in:${t.id}`,
      requestHash: requestHash({ transfer: Number(t.id), amount: Number(t.amount) }),
      memberId: Number(t.to_member_id),
      currency: t.currency,
      reference: `agent:${fromName}`,
      legs: [
        { house: 'agents', amount: -Number(t.amount) },
        { member: Number(t.to_member_id), amount: Number(t.amount) },
      ],
      respond: ({ balance }) => ({ balance: formatMoney(balance ?? 0) }),
      apply: async (trx) => {
        await trx
          .updateTable('agent_transfers')
          .set({ status: 'done', done_at: now() })
          .where('id', '=', Number(t.id))
          .where('status', '=', 'debited')
          .execute();
      },
    });
  }

  /** One pass of the job for one operator, under its lease; see the service's description. */
  async function runOperator(
    operatorId: number,
    at: number,
    log?: FastifyBaseLogger,
  ): Promise<BoCommissionRun> {
    const owner = randomUUID();
    const report = { computed: 0, paid: 0, transfersCompleted: 0, ran: false };
    const state = await repo.ensureSettings(db, operatorId);
    if (!(await repo.claimLease(db, operatorId, owner, now(), now() + LEASE_MS))) return report;
    report.ran = true;
    try {
      const limit = Number(state.auto_approve_limit);
      const timeZone = await deps.timeZone(operatorId);
      for (const c of await repo.activeContracts(db, operatorId)) {
        const kind = c.kind as ContractKind;
        const terms = parseStored(c.terms);
        const memberId = Number(c.member_id);
        const periods = closedPeriods(
          kind,
          terms.cycle,
          timeZone,
          Number(c.decided_at ?? 0),
          at,
          LOOKBACK[kind],
        );
        const done = await repo.existingPeriods(
          db,
          operatorId,
          memberId,
          kind,
          periods.map((p) => p.key),
        );
        for (const p of periods.reverse()) {
          if (done.has(p.key)) continue;
          const f = await teamFigures(operatorId, memberId, p.start, p.end);
          const { amount } = commissionFor(kind, terms.tiers, f);
          const status = amount === 0 ? 'nil' : amount <= limit ? 'approved' : 'pending';
          const computedAt = now();
          if (
            await repo.insertCommission(db, {
              operator_id: operatorId,
              member_id: memberId,
              contract_id: Number(c.id),
              kind,
              period_key: p.key,
              period_start: p.start,
              period_end: p.end,
              currency: c.currency,
              turnover: f.turnover,
              net_loss: f.netLoss,
              active_members: f.active,
              amount,
              status,
              computed_at: computedAt,
              approved_at: status === 'approved' ? computedAt : null,
            })
          )
            report.computed += 1;
        }
      }
      report.paid = await payApproved(operatorId);
      for (const t of await repo.stuckTransfers(db, operatorId, now() - TRANSFER_GRACE_MS)) {
        const from = await findMemberById(db, Number(t.from_member_id));
        await credit(t, from?.username ?? '');
        report.transfersCompleted += 1;
      }
    } finally {
      await repo.releaseLease(db, operatorId, owner, now());
    }
    if (report.computed || report.paid || report.transfersCompleted)
      log?.info({ agents: { operatorId, ...report } }, 'agent commission pass');
    return report;
  }

  const commissionView = (r: repo.CommissionRow & { username: string }): BoCommission => ({
    id: Number(r.id),
    userName: r.username,
    kind: r.kind as ContractKind,
    periodKey: r.period_key,
    periodStart: Number(r.period_start),
    periodEnd: Number(r.period_end),
    currency: r.currency,
    turnover: formatMoney(Number(r.turnover)),
    netLoss: formatMoney(Number(r.net_loss)),
    activeMembers: Number(r.active_members),
    amount: formatMoney(Number(r.amount)),
    paid: formatMoney(Number(r.paid_amount)),
    difference: formatMoney(Number(r.amount) - Number(r.paid_amount)),
    previousAmount: r.previous_amount === null ? null : formatMoney(Number(r.previous_amount)),
    status: r.status as BoCommission['status'],
    computedAt: Number(r.computed_at),
    paidAt: r.paid_at === null ? null : Number(r.paid_at),
  });

  async function commissionOut(operatorId: number, id: number) {
    const row = await repo.findCommission(db, operatorId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const member = await findMemberById(db, Number(row.member_id));
    return commissionView({ ...row, username: member?.username ?? '' });
  }

  return {
    // ----- member side -----

    /** Spec §3 "Contract request response": which requests wait (never for types 4, 40, 41, 42). */
    async requests(who: AuthenticatedMember): Promise<ContractRequests> {
      const out: ContractRequests = {
        dailysalreqtype: false,
        divtypecompperiodreq: false,
        contracthoursalreq: false,
      };
      const member = await agentMember(who);
      if (contractExempt(Number(member.type))) return out;
      for (const c of await repo.contractsOf(db, who.operatorId, who.id, CONTRACT_KINDS))
        if (c.status === 'pending') out[CONTRACT_REQUEST_FIELD[c.kind as ContractKind]] = true;
      return out;
    },

    /** The contract page: the request waiting, the contract in force, and whether I may offer one. */
    async page(who: AuthenticatedMember, kind: ContractKind): Promise<ContractPage> {
      const member = await agentMember(who);
      const rows = await repo.contractsOf(db, who.operatorId, who.id, [kind]);
      const pending = rows.find((r) => r.status === 'pending');
      const active = rows.find((r) => r.status === 'active');
      return {
        kind,
        currency: member.currency,
        pending: pending ? contractView(pending) : null,
        active: active ? contractView(active) : null,
        canOffer: Boolean(active) && isAgentType(Number(member.type)),
      };
    },

    async decide(who: AuthenticatedMember, id: number, accept: boolean, ip: string): Promise<Contract> {
      await db.transaction().execute(async (trx) => {
        const c = await repo.findContract(trx, who.operatorId, id);
        if (!c || Number(c.member_id) !== who.id) throw new AppError('NOT_FOUND');
        if (c.status !== 'pending') throw new AppError('CONTRACT_NOT_PENDING');
        const at = now();
        if (accept) await repo.closeOfKind(trx, who.id, c.kind, 'active', at);
        if (!(await repo.moveContract(trx, id, 'pending', accept ? 'active' : 'declined', at, 'decided_at')))
          throw new AppError('CONTRACT_NOT_PENDING');
        await audit.record(
          {
            operatorId: who.operatorId,
            actorType: 'member',
            actorId: String(who.id),
            action: accept ? 'agent.contract.accept' : 'agent.contract.decline',
            target: `member:${who.id}`,
            detail: { contractId: id, kind: c.kind },
            ip,
          },
          trx,
        );
      });
      const rows = await repo.listContracts(db, who.operatorId, { userName: who.username });
      return contractView(rows.find((r) => Number(r.id) === id)!);
    },

    /** An agent offers a direct member who is an agent no more than its own contract of the kind pays. */
    async offerDown(who: AuthenticatedMember, body: ContractOffer, ip: string) {
      const me = await agentMember(who);
      if (!isAgentType(Number(me.type))) throw new AppError('NOT_AGENT');
      const own = (await repo.contractsOf(db, who.operatorId, who.id, [body.kind])).find(
        (r) => r.status === 'active',
      );
      if (!own) throw new AppError('CONTRACT_TERMS_TOO_HIGH');
      const target = await findMemberByUsername(db, who.operatorId, body.userName);
      if (!target || (await repo.isBelow(db, who.operatorId, who.id, Number(target.id))) !== 1)
        throw new AppError('MEMBER_NOT_FOUND');
      if (!isAgentType(Number(target.type))) throw new AppError('NOT_AGENT');
      const mine = parseStored(own.terms);
      const terms = toStored(body.terms);
      const maxRate = Math.max(...mine.tiers.map((t) => t.rateBp));
      const maxFixed = Math.max(...mine.tiers.map((t) => t.fixed));
      if (terms.tiers.some((t) => t.rateBp > maxRate || t.fixed > maxFixed))
        throw new AppError('CONTRACT_TERMS_TOO_HIGH');
      const id = await offer(
        who.operatorId,
        Number(target.id),
        body.kind,
        terms,
        { member: who.id },
        { type: 'member', id: who.id, ip },
      );
      return { contractId: id, userName: target.username };
    },

    async myCommissions(who: AuthenticatedMember): Promise<MyCommissions> {
      const member = await agentMember(who);
      const [rows] = await repo.pageCommissions(db, who.operatorId, {
        memberId: who.id,
        offset: 0,
        limit: 30,
      });
      return {
        currency: member.currency,
        list: rows.map((r) => ({
          kind: r.kind as ContractKind,
          periodKey: r.period_key,
          periodStart: Number(r.period_start),
          periodEnd: Number(r.period_end),
          basis: formatMoney(r.kind === 'dividend' ? Math.max(0, Number(r.net_loss)) : Number(r.turnover)),
          amount: formatMoney(Number(r.amount)),
          paid: formatMoney(Number(r.paid_amount)),
          status: r.status,
        })),
      };
    },

    /**
     * An agent's transfer to a member of its downline, or to its direct upline where TRANSUP3 is on
     * and its type may (type 2 never), with its fund password. Parallel requests never overdraw: the debit
     * is the ledger's conditional movement of my balance.
     */
    async transfer(who: AuthenticatedMember, body: AgentTransfer, ip: string): Promise<AgentTransferResult> {
      const me = await agentMember(who);
      if (Number(me.type) === MEMBER_TYPE.TRIAL) throw new AppError('FREE_REJECT');
      const target = await findMemberByUsername(db, who.operatorId, body.userName);
      if (!target || Number(target.id) === who.id) throw new AppError('MEMBER_NOT_FOUND');
      // Both ways are the agent centre's (TRANSUP3 is the spec's "agent transfer-up").
      if (!isAgentType(Number(me.type))) throw new AppError('NOT_AGENT');
      if (body.direction === 'down') {
        if ((await repo.isBelow(db, who.operatorId, who.id, Number(target.id))) === undefined)
          throw new AppError('TRANSFER_NOT_ALLOWED');
      } else {
        const { settings: s } = await settings.get(who.operatorId);
        if (
          !s.whitelabel.TRANSUP3 ||
          Number(me.type) === NO_TRANSFER_UP_TYPE ||
          me.upline_id === null ||
          Number(me.upline_id) !== Number(target.id)
        )
          throw new AppError('TRANSFER_NOT_ALLOWED');
      }
      if (target.status !== 'active' || target.currency !== me.currency)
        throw new AppError('TRANSFER_NOT_ALLOWED');
      const amount = parseMoney(body.amount)!;
      await deps.verifyFundPassword(who, body.fundPassword, ip);
      const debit = await ledger.post({
        operatorId: who.operatorId,
        kind: 'transfer_out',
        source: 'agent-transfer',
        key: `out:${who.id}:${body.requestId}`,
        requestHash: requestHash({ to: Number(target.id), amount, direction: body.direction }),
        memberId: who.id,
        activeMemberOnly: true,
        currency: me.currency,
        reference: `agent:${target.username}`,
        legs: [
          { member: who.id, amount: -amount },
          { house: 'agents', amount },
        ],
        respond: ({ balance }) => ({ balance: formatMoney(balance ?? 0) }),
        apply: async (trx) => {
          const at = now();
          await trx
            .insertInto('agent_transfers')
            .values({
              operator_id: who.operatorId,
              from_member_id: who.id,
              to_member_id: Number(target.id),
              direction: body.direction,
              amount,
              currency: me.currency,
              request_id: body.requestId,
              status: 'debited',
              created_at: at,
              done_at: null,
            })
            .execute();
          await audit.record(
            {
              operatorId: who.operatorId,
              actorType: 'member',
              actorId: String(who.id),
              action: 'agent.transfer',
              target: `member:${Number(target.id)}`,
              detail: { to: target.username, direction: body.direction, amount: formatMoney(amount) },
              ip,
            },
            trx,
          );
        },
      });
      const row = (await repo.findTransfer(db, who.operatorId, who.id, body.requestId))!;
      if (row.status === 'debited') await credit(row, me.username);
      return {
        transferId: Number(row.id),
        userName: target.username,
        amount: formatMoney(amount),
        balance: debit.response.balance,
      };
    },

    // ----- back office -----

    async templates(operatorId: number): Promise<BoTemplate[]> {
      const rows = await db
        .selectFrom('agent_contract_templates')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .orderBy('kind')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        kind: r.kind as ContractKind,
        terms: toApi(parseStored(r.terms)),
        updatedAt: Number(r.updated_at),
      }));
    },

    async saveTemplate(operatorId: number, staff: StaffActor, body: BoTemplateBody, id?: number) {
      const at = now();
      const terms = JSON.stringify(toStored(body.terms));
      const savedId = await db.transaction().execute(async (trx) => {
        let templateId = id;
        if (id === undefined) {
          const r = await trx
            .insertInto('agent_contract_templates')
            .values({
              operator_id: operatorId,
              kind: body.kind,
              name: body.name,
              terms,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          templateId = Number(r.id);
        } else {
          const r = await trx
            .updateTable('agent_contract_templates')
            .set({ kind: body.kind, name: body.name, terms, updated_at: at })
            .where('operator_id', '=', operatorId)
            .where('id', '=', id)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND');
        }
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: id === undefined ? 'agent.template.create' : 'agent.template.update',
            target: `agent-template:${templateId}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
        return templateId!;
      });
      return (await this.templates(operatorId)).find((t) => t.id === savedId)!;
    },

    async deleteTemplate(operatorId: number, staff: StaffActor, id: number) {
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .deleteFrom('agent_contract_templates')
          .where('operator_id', '=', operatorId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(r.numDeletedRows) !== 1) throw new AppError('NOT_FOUND');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.template.delete',
            target: `agent-template:${id}`,
            ip: staff.ip,
          },
          trx,
        );
      });
      return { deleted: true };
    },

    /** The operator offers an agent a template's terms (or its own). */
    async offerFromOperator(operatorId: number, staff: StaffActor, body: BoOfferBody): Promise<BoContract> {
      const member = await findMemberByUsername(db, operatorId, body.userName);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      if (!isAgentType(Number(member.type)) || member.status !== 'active') throw new AppError('NOT_AGENT');
      let kind = body.kind;
      let terms = body.terms && toStored(body.terms);
      if (body.templateId !== undefined) {
        const t = await db
          .selectFrom('agent_contract_templates')
          .selectAll()
          .where('operator_id', '=', operatorId)
          .where('id', '=', body.templateId)
          .executeTakeFirst();
        if (!t) throw new AppError('NOT_FOUND');
        kind = t.kind as ContractKind;
        terms = parseStored(t.terms);
      }
      const id = await offer(
        operatorId,
        Number(member.id),
        kind!,
        terms!,
        { staff },
        {
          type: 'staff',
          id: staff.id,
          ip: staff.ip,
        },
      );
      return (await this.contracts(operatorId, { userName: member.username })).find((c) => c.id === id)!;
    },

    async contracts(
      operatorId: number,
      q: { userName?: string | undefined; status?: string | undefined },
    ): Promise<BoContract[]> {
      const rows = await repo.listContracts(db, operatorId, q);
      return rows.map((r) => ({ ...contractView(r), userName: r.username }));
    },

    /** Withdraws a pending request or ends an active contract (audited). */
    async endContract(operatorId: number, staff: StaffActor, id: number) {
      await db.transaction().execute(async (trx) => {
        const c = await repo.findContract(trx, operatorId, id);
        if (!c) throw new AppError('NOT_FOUND');
        const at = now();
        const moved =
          c.status === 'pending'
            ? await repo.moveContract(trx, id, 'pending', 'withdrawn', at, 'decided_at')
            : c.status === 'active' && (await repo.moveContract(trx, id, 'active', 'ended', at, 'ended_at'));
        if (!moved) throw new AppError('CONTRACT_NOT_PENDING');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.contract.end',
            target: `member:${Number(c.member_id)}`,
            detail: { contractId: id, kind: c.kind, previousStatus: c.status },
            ip: staff.ip,
          },
          trx,
        );
      });
      return { ended: true };
    },

    async commissions(operatorId: number, q: BoCommissionsQuery): Promise<BoCommissionPage> {
      const [rows, totals] = await repo.pageCommissions(db, operatorId, {
        userName: q.userName,
        status: q.status,
        kind: q.kind,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        items: rows.map(commissionView),
        total: Number(totals?.c ?? 0),
        page: q.page,
        pageSize: q.pageSize,
        totalAmount: formatMoney(Number(totals?.amount ?? 0)),
        totalPaid: formatMoney(Number(totals?.paid ?? 0)),
      };
    },

    /** Approves a pending commission and pays it at once (audited; the payout is keyed). */
    async approve(operatorId: number, staff: StaffActor, id: number): Promise<BoCommission> {
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('agent_commissions')
          .set({ status: 'approved', approved_by: staff.id, approved_at: now() })
          .where('operator_id', '=', operatorId)
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('COMMISSION_NOT_PENDING');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.commission.approve',
            target: `agent-commission:${id}`,
            ip: staff.ip,
          },
          trx,
        );
      });
      const row = (await repo.findCommission(db, operatorId, id))!;
      await payQuietly(row, { type: 'staff', id: String(staff.id) });
      return commissionOut(operatorId, id);
    },

    async reject(operatorId: number, staff: StaffActor, id: number): Promise<BoCommission> {
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('agent_commissions')
          .set({ status: 'rejected' })
          .where('operator_id', '=', operatorId)
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('COMMISSION_NOT_PENDING');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.commission.reject',
            target: `agent-commission:${id}`,
            ip: staff.ip,
          },
          trx,
        );
      });
      return commissionOut(operatorId, id);
    },

    /**
     * Computes a past period again from the journal with the contract's terms. What was paid stays
     * paid; the difference is shown, and a positive one waits for approval (paid under the next key).
     */
    async recompute(operatorId: number, staff: StaffActor, id: number): Promise<BoCommission> {
      const row = await repo.findCommission(db, operatorId, id);
      if (!row) throw new AppError('NOT_FOUND');
      const contract = (await repo.findContract(db, operatorId, Number(row.contract_id)))!;
      const f = await teamFigures(
        operatorId,
        Number(row.member_id),
        Number(row.period_start),
        Number(row.period_end),
      );
      const { amount } = commissionFor(row.kind as ContractKind, parseStored(contract.terms).tiers, f);
      await db.transaction().execute(async (trx) => {
        const paid = Number(row.paid_amount);
        const status =
          row.status === 'rejected' || row.status === 'approved'
            ? row.status
            : amount > paid
              ? 'pending'
              : paid > 0
                ? 'paid'
                : 'nil';
        const r = await trx
          .updateTable('agent_commissions')
          .set({
            turnover: f.turnover,
            net_loss: f.netLoss,
            active_members: f.active,
            amount,
            previous_amount: Number(row.amount),
            status,
            computed_at: now(),
          })
          .where('id', '=', id)
          .where('status', '=', row.status)
          .where('paid_count', '=', Number(row.paid_count))
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('COMMISSION_NOT_PENDING');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.commission.recompute',
            target: `agent-commission:${id}`,
            detail: {
              period: row.period_key,
              previous: formatMoney(Number(row.amount)),
              amount: formatMoney(amount),
              paid: formatMoney(paid),
              difference: formatMoney(amount - paid),
            },
            ip: staff.ip,
          },
          trx,
        );
      });
      return commissionOut(operatorId, id);
    },

    async commissionSettings(operatorId: number) {
      const s = await repo.ensureSettings(db, operatorId);
      return { autoApproveLimit: formatMoney(Number(s.auto_approve_limit)) };
    },

    async saveCommissionSettings(operatorId: number, staff: StaffActor, body: { autoApproveLimit: string }) {
      const limit = parseMoney(body.autoApproveLimit)!;
      await repo.ensureSettings(db, operatorId);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('agent_settings')
          .set({ auto_approve_limit: limit })
          .where('operator_id', '=', operatorId)
          .execute();
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'agent.commission.settings',
            target: `operator:${operatorId}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
      });
      return { autoApproveLimit: formatMoney(limit) };
    },

    /** One pass for one operator now (the back office's "run now", tests). */
    runOperator,
    /** The payout step alone, without the lease (tests race it to show the keys alone pay once). */
    payApproved,

    /** One pass for every operator with work (the scheduled job). */
    async runAll(log?: FastifyBaseLogger, at = now()) {
      for (const operatorId of await repo.operatorsWithWork(db)) {
        try {
          await runOperator(operatorId, at, log);
        } catch (error) {
          log?.error({ err: error, operatorId }, 'agent commission pass failed');
        }
      }
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
