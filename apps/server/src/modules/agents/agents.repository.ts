import { sql } from 'kysely';
import type { Db } from '../operators/operators.repository.ts';

/** An active agent holding the affiliate code (its type says agent: spec §6). */
export function findAgentByCode(db: Db, operatorId: number, code: string, nonAgentTypes: readonly number[]) {
  return db
    .selectFrom('agents as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .select(['m.id', 'm.username', 'a.code'])
    .where('a.operator_id', '=', operatorId)
    .where('a.code', '=', code)
    .where('m.status', '=', 'active')
    .where('m.type', 'not in', [...nonAgentTypes])
    .executeTakeFirst();
}

export function findAgentOfMember(db: Db, memberId: number) {
  return db.selectFrom('agents').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function codeTaken(db: Db, operatorId: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('agents')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertAgent(
  db: Db,
  row: { operator_id: number; member_id: number; level: number; code: string; at: number },
) {
  await db
    .insertInto('agents')
    .values({
      operator_id: row.operator_id,
      member_id: row.member_id,
      level: row.level,
      code: row.code,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function updateAgentLevel(db: Db, memberId: number, level: number, at: number) {
  await db.updateTable('agents').set({ level, updated_at: at }).where('member_id', '=', memberId).execute();
}

export async function setMemberType(db: Db, memberId: number, type: number) {
  await db.updateTable('members').set({ type }).where('id', '=', memberId).execute();
}

/** Every upline of a member with its distance (1 = the direct upline). */
export function uplinesOf(db: Db, memberId: number) {
  return db
    .selectFrom('agent_network')
    .select(['ancestor_id', 'depth'])
    .where('member_id', '=', memberId)
    .execute();
}

/** Places a new member under `uplineId`: its own row plus one per upline of the upline. */
export async function attach(db: Db, operatorId: number, memberId: number, uplineId: number) {
  const above = await uplinesOf(db, uplineId);
  await db
    .insertInto('agent_network')
    .values([
      { operator_id: operatorId, ancestor_id: uplineId, member_id: memberId, depth: 1 },
      ...above.map((u) => ({
        operator_id: operatorId,
        ancestor_id: Number(u.ancestor_id),
        member_id: memberId,
        depth: Number(u.depth) + 1,
      })),
    ])
    .execute();
}

/** How many members sit directly under an agent, and in its whole downline. */
export async function teamSize(db: Db, operatorId: number, agentId: number) {
  const row = await db
    .selectFrom('agent_network')
    .select((eb) => [
      eb.fn.countAll<number>().as('team'),
      eb.fn.sum<number>(eb.case().when('depth', '=', 1).then(1).else(0).end()).as('direct'),
    ])
    .where('operator_id', '=', operatorId)
    .where('ancestor_id', '=', agentId)
    .executeTakeFirst();
  return { team: Number(row?.team ?? 0), direct: Number(row?.direct ?? 0) };
}

/** A page of an operator's agents, newest first, optionally those whose username or code contains `q`. */
export async function pageAgents(
  db: Db,
  operatorId: number,
  nonAgentTypes: readonly number[],
  opts: { q?: string | undefined; offset: number; limit: number },
) {
  let base = db
    .selectFrom('agents as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .where('a.operator_id', '=', operatorId)
    .where('m.type', 'not in', [...nonAgentTypes]);
  if (opts.q) {
    const like = `%${opts.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('m.username', 'like', sql<string>`${like} escape '\\'`),
        eb('a.code', '=', opts.q!.toUpperCase()),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin('members as u', 'u.id', 'm.upline_id')
      .select((eb) => [
        'm.id',
        'm.username',
        'm.type',
        'a.level',
        'a.code',
        'a.created_at',
        'u.username as upline',
        eb
          .selectFrom('agent_network as n')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('n.ancestor_id', '=', 'm.id')
          .as('team'),
        eb
          .selectFrom('agent_network as n')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('n.ancestor_id', '=', 'm.id')
          .where('n.depth', '=', 1)
          .as('direct'),
      ])
      .orderBy('a.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.c ?? 0) };
}

/** A page of an agent's downline, nearest first then newest. */
export async function pageTeam(
  db: Db,
  operatorId: number,
  agentId: number,
  nonAgentTypes: readonly number[],
  opts: { userName?: string | undefined; direct?: boolean | undefined; offset: number; limit: number },
) {
  let base = db
    .selectFrom('agent_network as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .where('n.operator_id', '=', operatorId)
    .where('n.ancestor_id', '=', agentId);
  if (opts.direct) base = base.where('n.depth', '=', 1);
  if (opts.userName) {
    const like = `%${opts.userName.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where('m.username', 'like', sql<string>`${like} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'm.username',
        'n.depth',
        'm.created_at',
        'm.last_login_at',
        eb('m.type', 'not in', [...nonAgentTypes]).as('agent'),
      ])
      .orderBy('n.depth')
      .orderBy('m.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.c ?? 0) };
}

/** Members who joined an agent's downline in [from, to). */
export async function registrations(db: Db, operatorId: number, agentId: number, from: number, to: number) {
  const row = await db
    .selectFrom('agent_network as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('n.operator_id', '=', operatorId)
    .where('n.ancestor_id', '=', agentId)
    .where('m.created_at', '>=', from)
    .where('m.created_at', '<', to)
    .executeTakeFirst();
  return Number(row?.c ?? 0);
}

const TEAM_KINDS = ['bet', 'win', 'rollback', 'deposit', 'withdrawal'] as const;

/**
 * The downline's wallet movements in [from, to) by entry kind, read from the journal: the sum of
 * the members' own lines (signed for the member), the sum of their debit lines alone, and how many
 * members moved.
 */
export function movementsByKind(db: Db, operatorId: number, agentId: number, from: number, to: number) {
  return db
    .selectFrom('agent_network as n')
    .innerJoin('ledger_entries as e', 'e.member_id', 'n.member_id')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', (j) =>
      j.onRef('a.id', '=', 'l.account_id').onRef('a.member_id', '=', 'e.member_id'),
    )
    .select((eb) => [
      'e.kind',
      eb.fn.sum<number>('l.amount').as('amount'),
      // An in-house round is one 'bet' entry with the stake and the win as two member lines.
      eb.fn
        .sum<number>(eb.case().when('l.amount', '<', 0).then(eb.ref('l.amount')).else(0).end())
        .as('debits'),
      eb.fn.count<number>('e.member_id').distinct().as('members'),
    ])
    .where('n.operator_id', '=', operatorId)
    .where('n.ancestor_id', '=', agentId)
    .where('e.kind', 'in', [...TEAM_KINDS])
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy('e.kind')
    .execute();
}

/** Downline members whose first deposit ever was made in [from, to), and what those deposits came to. */
export async function firstDeposits(db: Db, operatorId: number, agentId: number, from: number, to: number) {
  const row = await db
    .selectFrom('agent_network as n')
    .innerJoin('ledger_entries as e', 'e.member_id', 'n.member_id')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', (j) =>
      j.onRef('a.id', '=', 'l.account_id').onRef('a.member_id', '=', 'e.member_id'),
    )
    .select((eb) => [eb.fn.countAll<number>().as('c'), eb.fn.sum<number>('l.amount').as('amount')])
    .where('n.operator_id', '=', operatorId)
    .where('n.ancestor_id', '=', agentId)
    .where('e.kind', '=', 'deposit')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    // The member's first deposit: no deposit entry before this one.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as p')
            .select('p.id')
            .whereRef('p.member_id', '=', 'e.member_id')
            .where('p.kind', '=', 'deposit')
            .whereRef('p.id', '<', 'e.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return { count: Number(row?.c ?? 0), amount: Number(row?.amount ?? 0) };
}
