/**
 * `npm run bench:agents`: an agent's team figures over a day (`GET /wps/agent/teamKpi`) for a downline
 * of 10,000 members five levels deep (BENCH_TEAM), on SQLite and on PostgreSQL (TEST_DATABASE_URL,
 * skipped when unreachable). Target: under 200 ms on PostgreSQL.
 *
 * For each database: the server in this process on a fresh database; one top agent with 10 agents
 * under it, 10 under each of those, and so on to the fifth level, until the team holds BENCH_TEAM
 * members (the network rows written as registration writes them: one per upline). Every member has a
 * day of journal: a deposit, two bets and a win (balanced entries, written in bulk for speed, with the
 * cached balances they imply), plus a second operator-day of older entries the period must skip.
 * Timed: the whole `teamKpi` request through HTTP (`app.inject`, median and p95 of BENCH_RUNS), and
 * the team-size read of `/wps/agent/home`. The ledger check runs at the end. Figures only.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { App } from '../apps/server/src/app.ts';
import { MEMBER_SESSION } from '../apps/server/src/modules/members/member-auth.service.ts';
import { pct, postgresReachable, printTable, PG_URL, type Dialect } from './money-support.ts';
import { inProcessApp } from './in-process-app.ts';

const TEAM = Number(process.env.BENCH_TEAM ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FAN_OUT = 10;
const LEVELS = 5;
const BATCH = 500;
const DAY = 24 * 3600_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** The team: breadth first, FAN_OUT under each member, at most LEVELS deep, TEAM members in all. */
async function buildTeam(app: App, operatorId: number, topId: number, now: number) {
  const { db } = app.services;
  const uplines = new Map<number, number[]>([[topId, []]]);
  const ids: number[] = [];
  let frontier = [topId];
  for (let level = 1; level <= LEVELS && ids.length < TEAM; level++) {
    const next: number[] = [];
    const rows: { username: string; upline: number }[] = [];
    for (const parent of frontier)
      for (let i = 0; i < FAN_OUT && ids.length + rows.length < TEAM; i++)
        rows.push({ username: `tm${level}x${ids.length + rows.length}`, upline: parent });
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const inserted = await db
        .insertInto('members')
        .values(
          batch.map((r) => ({
            operator_id: operatorId,
            username: r.username,
            password_hash: null,
            type: level < LEVELS ? 1 : 0,
            status: 'active' as const,
            currency: 'PHP',
            first_time_login: 0,
            created_at: now - 3 * 3600_000,
            upline_id: r.upline,
          })),
        )
        .returning('id')
        .execute();
      const network = inserted.flatMap((row, j) => {
        const id = Number(row.id);
        const upline = batch[j]!.upline;
        const chain = [upline, ...uplines.get(upline)!];
        uplines.set(id, chain);
        next.push(id);
        ids.push(id);
        return chain.map((ancestor, depth) => ({
          operator_id: operatorId,
          ancestor_id: ancestor,
          member_id: id,
          depth: depth + 1,
        }));
      });
      await inBatches(network, (b) => db.insertInto('agent_network').values(b).execute());
    }
    frontier = next;
  }
  return ids;
}

/** A day of play per member (and an older day the period skips), as balanced journal entries. */
async function journal(app: App, operatorId: number, memberIds: number[], now: number) {
  const { db } = app.services;
  const house = await db
    .insertInto('ledger_accounts')
    .values({
      operator_id: operatorId,
      member_id: null,
      purpose: 'bench',
      currency: 'PHP',
      balance: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // deposit +1000.00, bet −30.00, bet −20.00, win +25.00 today; a bet −10.00 two days ago.
  const moves: { kind: string; amount: number; at: number }[] = [
    { kind: 'deposit', amount: 100_000, at: now - 2 * 3600_000 },
    { kind: 'bet', amount: -3_000, at: now - 3600_000 },
    { kind: 'bet', amount: -2_000, at: now - 1800_000 },
    { kind: 'win', amount: 2_500, at: now - 1200_000 },
    { kind: 'bet', amount: -1_000, at: now - 2 * DAY },
  ];
  const balance = moves.reduce((s, m) => s + m.amount, 0);
  await inBatches(memberIds, async (batch) => {
    const accounts = await db
      .insertInto('ledger_accounts')
      .values(
        batch.map((id) => ({
          operator_id: operatorId,
          member_id: id,
          purpose: null,
          currency: 'PHP',
          balance,
          created_at: now,
        })),
      )
      .returning(['id', 'member_id'])
      .execute();
    const entries = await db
      .insertInto('ledger_entries')
      .values(
        batch.flatMap((id) =>
          moves.map((m, k) => ({
            operator_id: operatorId,
            kind: m.kind,
            member_id: id,
            currency: 'PHP',
            reference: null,
            source: 'bench:agents',
            idem_key: `${id}:${k}`,
            request_hash: 'bench',
            response: '{}',
            created_at: m.at,
          })),
        ),
      )
      .returning(['id', 'member_id', 'idem_key'])
      .execute();
    const accountOf = new Map(accounts.map((a) => [Number(a.member_id), Number(a.id)]));
    const lines = entries.flatMap((e) => {
      const k = Number(e.idem_key.split(':')[1]);
      const amount = moves[k]!.amount;
      const running = moves.slice(0, k + 1).reduce((s, m) => s + m.amount, 0);
      return [
        {
          entry_id: Number(e.id),
          account_id: accountOf.get(Number(e.member_id))!,
          amount,
          balance_after: running,
        },
        { entry_id: Number(e.id), account_id: Number(house.id), amount: -amount, balance_after: null },
      ];
    });
    await inBatches(lines, (b) => db.insertInto('ledger_lines').values(b).execute());
  });
}

async function run(dialect: Dialect) {
  const { app, close } = await inProcessApp(dialect, 'agents');
  try {
    const { db, sessions } = app.services;
    const operator = await app.services.settings.defaultOperator();
    const now = Date.now();
    const top = await db
      .insertInto('members')
      .values({
        operator_id: operator.id,
        username: `top${randomBytes(3).toString('hex')}`,
        password_hash: null,
        type: 1,
        status: 'active',
        currency: 'PHP',
        first_time_login: 0,
        created_at: now - DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topId = Number(top.id);
    await db
      .insertInto('agents')
      .values({
        operator_id: operator.id,
        member_id: topId,
        level: 1,
        code: 'BENCHTOP',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const setupStart = performance.now();
    const team = await buildTeam(app, operator.id, topId, now);
    await journal(app, operator.id, team, now);
    const setup = performance.now() - setupStart;
    // Fresh tables: let PostgreSQL's planner see their sizes, as autovacuum soon would.
    if (dialect === 'postgres') await sql`analyze`.execute(db);

    const { token } = await sessions.create(
      { type: 'member', id: topId, operatorId: operator.id },
      MEMBER_SESSION,
      {},
    );
    const day = new Date(now).toISOString().slice(0, 10);
    const kpiUrl = `/wps/agent/teamKpi?startDate=${day}&endDate=${day}`;
    const call = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const first = await call(kpiUrl);
    if (first.statusCode !== 200) throw new Error(`teamKpi: ${first.body}`);
    const figures = first.json().value as Record<string, unknown>;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await call(kpiUrl);
      times.push(performance.now() - t);
    }
    const homeTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await call('/wps/agent/home');
      homeTimes.push(performance.now() - t);
    }
    const verify = await app.services.ledger.verify();
    const sorted = [...times].sort((a, b) => a - b);
    return {
      database: dialect,
      team: team.length,
      setup,
      median: median(times),
      p95: pct(sorted, 95),
      home: median(homeTimes),
      figures,
      ledgerOk: verify.ok,
    };
  } finally {
    await close();
  }
}

const rows = [await run('sqlite')];
if (await postgresReachable()) rows.push(await run('postgres'));
else console.info(`PostgreSQL at ${PG_URL} is not reachable: skipped`);

console.info(
  `\nTeam figures for one day, downline of ${TEAM.toLocaleString('en')} over ${LEVELS} levels (${RUNS} runs):`,
);
printTable(
  ['database', 'team', 'teamKpi median (ms)', 'teamKpi p95 (ms)', 'home median (ms)', 'setup (s)', 'ledger'],
  rows.map((r) => [
    r.database,
    r.team.toLocaleString('en'),
    r.median.toFixed(1),
    r.p95.toFixed(1),
    r.home.toFixed(1),
    (r.setup / 1000).toFixed(1),
    r.ledgerOk ? 'ok' : 'BREACH',
  ]),
);
for (const r of rows) console.info(`${r.database} figures: ${JSON.stringify(r.figures)}`);
const pgRow = rows.find((r) => r.database === 'postgres');
if (pgRow) console.info(`target: under 200 ms on PostgreSQL: ${pgRow.median < 200 ? 'met' : 'NOT met'}`);
