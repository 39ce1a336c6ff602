/**
 * `npm run bench:draws`: the time to settle one draw of 100,000 tickets (BENCH_TICKETS), on SQLite
 * and on PostgreSQL (TEST_DATABASE_URL, skipped when unreachable). Target: under 10 s on PostgreSQL.
 *
 * For each database: the server's services in this process on a fresh database (a SQLite file in a
 * temporary folder, or a PostgreSQL schema of its own), 1,000 funded members, and BENCH_RUNS draws
 * (default 3) each filled with 100,000 tickets bought through the real order path (50 tickets per
 * order, one ledger movement each): big/small (half win), a first digit (one in ten) and two last
 * digits (one in a hundred). Each draw is then brought to its time and settled by the engine
 * (`draws.settle`: result from the sealed seed, batches of 2,000 tickets, wins credited with
 * `ledger.postBatch` and the tickets closed in the same transaction). Printed: the median settle time
 * and each run's, tickets and wins per second, and, measured in the same run as the reference, what
 * paying the same wins one `ledger.post` transaction each would take (a 2,000-win sample, scaled).
 * The ledger check runs at the end. Figures only.
 *
 * `BENCH_GAME=BINGO75` settles a bingo round of as many cards instead (decision 032): 50 random cards
 * per order, each judged at settlement from its code against the round's 40 balls.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '../apps/server/src/app.ts';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { postgresReachable, printTable, PG_URL, type Dialect } from './money-support.ts';
import { inProcessApp } from './in-process-app.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const GAME = process.env.BENCH_GAME === 'BINGO75' ? 'BINGO75' : 'LOTT3';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MEMBERS = 1000;
const PER_ORDER = 50;
const ORDER_CONCURRENCY = 8;
const REFERENCE_SAMPLE = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** 50 bets: both sides of big/small, every first digit, 38 pairs of last digits. */
const BETS = [
  { betType: 'BIG_SMALL', selection: 'BIG', amount: '1.00' },
  { betType: 'BIG_SMALL', selection: 'SMALL', amount: '1.00' },
  ...Array.from({ length: 10 }, (_, d) => ({ betType: 'FIRST', selection: String(d), amount: '1.00' })),
  ...Array.from({ length: 38 }, (_, i) => ({
    betType: 'LAST2',
    selection: String(i * 2).padStart(2, '0'),
    amount: '1.00',
  })),
];

/** 50 random bingo cards at 1.00. */
const cards = () =>
  Array.from({ length: PER_ORDER }, () => ({
    betType: 'CARD',
    selection: randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase(),
    amount: '1.00',
  }));

async function members(app: App, operatorId: number) {
  const ids: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const id = await insertMember(app.services.db, {
      operator_id: operatorId,
      username: `drawbench${i}`,
      password_hash: null,
      type: 0,
      status: 'active',
      currency: 'PHP',
      first_time_login: 0,
      created_at: Date.now(),
    });
    await app.services.ledger.post({
      operatorId,
      kind: 'adjustment',
      source: 'bench:funding',
      key: `fund:${id}`,
      requestHash: 'bench',
      memberId: id,
      currency: 'PHP',
      legs: [
        { house: 'adjustments', amount: -100_000_000 },
        { member: id, amount: 100_000_000 },
      ],
      respond: () => ({}),
    });
    ids.push(id);
  }
  return ids;
}

/** Fills the open draw with TICKETS tickets through the order path; answers the draw's numero. */
async function fill(app: App, operatorId: number, memberIds: number[]) {
  const { draws } = app.services;
  const { numero } = await draws.opened(operatorId, GAME);
  const orders = Math.ceil(TICKETS / PER_ORDER);
  let next = 0;
  await Promise.all(
    Array.from({ length: ORDER_CONCURRENCY }, async () => {
      for (let n = next++; n < orders; n = next++) {
        const member = { id: memberIds[n % memberIds.length]!, operatorId };
        await draws.order(member, {
          gameCode: GAME,
          numero,
          requestId: `bench-${randomUUID()}`,
          bets: (GAME === 'BINGO75' ? cards() : BETS).slice(0, Math.min(PER_ORDER, TICKETS - n * PER_ORDER)),
        });
      }
    }),
  );
  // Time passes: the draw closes and its time comes (moved under a numero of its own).
  const at = Date.now();
  const moved = `${numero}r${randomUUID().slice(0, 6)}`;
  await app.services.db
    .updateTable('draws')
    .set({ close_at: at - 2000, draw_at: at - 1000, numero: moved })
    .where('operator_id', '=', operatorId)
    .where('numero', '=', numero)
    .execute();
  return (
    await app.services.db
      .selectFrom('draws')
      .select('id')
      .where('operator_id', '=', operatorId)
      .where('numero', '=', moved)
      .executeTakeFirstOrThrow()
  ).id;
}

/** The reference: the same kind of win credits, one ledger transaction each. */
async function referencePerWin(app: App, operatorId: number, memberIds: number[]) {
  const started = performance.now();
  for (let i = 0; i < REFERENCE_SAMPLE; i++) {
    const member = memberIds[i % memberIds.length]!;
    await app.services.ledger.post({
      operatorId,
      kind: 'win',
      source: 'bench:reference',
      key: `ref:${i}`,
      requestHash: 'bench',
      memberId: member,
      currency: 'PHP',
      legs: [
        { house: 'vendor:BGS', amount: -195 },
        { member, amount: 195 },
      ],
      respond: () => ({}),
    });
  }
  return (performance.now() - started) / REFERENCE_SAMPLE;
}

async function run(dialect: Dialect) {
  const { app, close } = await inProcessApp(dialect, 'draws');
  try {
    const operator = await app.services.settings.defaultOperator();
    // No exposure cap: the bench draw holds far more than an operator would allow.
    await app.services.draws.updateGame(
      operator.id,
      GAME,
      // A bingo round sells for seconds; the bench's round sells for as long as filling it takes.
      GAME === 'BINGO75'
        ? { maxExposure: '0.00', schedule: { kind: 'daily', times: ['00:00'] }, closeBeforeSeconds: 60 }
        : { maxExposure: '0.00' },
      { id: 0, username: 'bench', ip: '127.0.0.1' },
      'PHP',
    );
    const ids = await members(app, operator.id);
    const times: number[] = [];
    let wins = 0;
    for (let r = 0; r < RUNS; r++) {
      const drawId = Number(await fill(app, operator.id, ids));
      const started = performance.now();
      const outcome = await app.services.draws.settle(drawId);
      times.push(performance.now() - started);
      if (outcome !== 'finished') throw new Error(`draw ${drawId} was not settled: ${outcome}`);
      const won = await app.services.db
        .selectFrom('draw_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('draw_id', '=', drawId)
        .where('status', '=', 'won')
        .executeTakeFirstOrThrow();
      wins = Number(won.n);
      console.info(
        `${dialect}: run ${r + 1}: ${TICKETS} tickets (${wins} wins) settled in ${(times.at(-1)! / 1000).toFixed(2)} s`,
      );
    }
    const perWin = await referencePerWin(app, operator.id, ids);
    const verify = await app.services.ledger.verify();
    const m = median(times);
    return {
      database: dialect,
      median: m,
      runs: times,
      wins,
      reference: perWin * wins,
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
  `\nSettling one ${GAME} draw of ${TICKETS.toLocaleString('en')} tickets (median of ${RUNS} runs):`,
);
printTable(
  ['database', 'settle (s)', 'runs (s)', 'tickets/s', 'wins', 'one tx per win (s)', 'speed-up', 'ledger'],
  rows.map((r) => [
    r.database,
    (r.median / 1000).toFixed(2),
    r.runs.map((t) => (t / 1000).toFixed(2)).join(' '),
    Math.round(TICKETS / (r.median / 1000)).toLocaleString('en'),
    r.wins.toLocaleString('en'),
    (r.reference / 1000).toFixed(1),
    `${(r.reference / r.median).toFixed(1)}×`,
    r.ledgerOk ? 'ok' : 'BREACH',
  ]),
);
const pgRow = rows.find((r) => r.database === 'postgres');
if (pgRow) console.info(`target: under 10 s on PostgreSQL: ${pgRow.median < 10_000 ? 'met' : 'NOT met'}`);
