/**
 * `npm run bench:reports`: the back office's dashboard (`GET /bo/api/dashboard`) and a 30-day report
 * (`GET /bo/api/reports`, per day overall and per month by game) over a journal of BENCH_ENTRIES
 * (1,000,000) entries on PostgreSQL (TEST_DATABASE_URL). Target: under 300 ms each.
 *
 * The server runs in this process on a fresh schema with the report job off. BENCH_MEMBERS members
 * (registration channels and 20 agents spread among them), each opened with an adjustment, then the
 * journal written in bulk by SQL, spread over the last 30 days: seamless bets on three vendors and
 * 60 games (with their bet rows), wins of those rounds, deposits, paid withdrawals and bonuses, every
 * entry balanced and the cached balances set to what the lines imply. Timed: counting the whole journal
 * into the daily totals (`reportTotals.catchUp()`, once), then each request through `app.inject`,
 * median of BENCH_RUNS. The ledger check and a spot check of the totals against a direct scan run at
 * the end. Figures only.
 */
import { sql } from 'kysely';
import { inProcessApp } from './in-process-app.ts';
import { postgresReachable, printTable, ADMIN_PASSWORD } from './money-support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const DAY = 24 * 3600_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!(await postgresReachable())) {
  console.info('PostgreSQL not reachable at TEST_DATABASE_URL: nothing to measure.');
  process.exit(0);
}

const { app, close } = await inProcessApp('postgres', 'reports', { REPORT_TOTALS_SECONDS: '0' });
try {
  const { db } = app.services;
  const operator = await app.services.settings.defaultOperator();
  const op = operator.id;
  const now = Date.now();
  const seedStart = performance.now();

  // Members: 20 agents first, then players under them (or none), on four registration channels.
  await sql`
    insert into members (operator_id, username, password_hash, type, status, currency, first_time_login, created_at, register_method, upline_id)
    select ${op}, 'agent' || g, null, 1, 'active', 'PHP', 0, ${now - 40 * DAY}, 'H5', null from generate_series(1, 20) g`.execute(
    db,
  );
  const agents = (
    await db.selectFrom('members').select('id').where('username', 'like', 'agent%').orderBy('id').execute()
  ).map((r) => Number(r.id));
  await sql`
    insert into members (operator_id, username, password_hash, type, status, currency, first_time_login, created_at, register_method, upline_id)
    select ${op}, 'p' || g, null, 0, 'active', 'PHP', 0,
      ${now} - ((g::bigint * 7919) % (30 * 86400)) * 1000::bigint,
      (array['APP','H5','PWA','WEBCLIP'])[1 + g % 4],
      case when g % 3 = 0 then null else (${sql.lit(agents[0]!)} + g % 20) end
    from generate_series(1, ${MEMBERS}) g`.execute(db);
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, members`.execute(db);
  // Wallets, and the house accounts the movements use.
  await sql`
    insert into ledger_accounts (operator_id, member_id, purpose, currency, balance, created_at)
    select ${op}, id, null, 'PHP', 0, ${now - 40 * DAY} from members where operator_id = ${op}`.execute(db);
  await sql`
    insert into ledger_accounts (operator_id, member_id, purpose, currency, balance, created_at)
    select ${op}, null, p, 'PHP', null, ${now - 40 * DAY}
    from unnest(array['vendor:JILI','vendor:PGE','vendor:BGS','payments:REFPAY','bonus','pending','adjustments']) p
    on conflict do nothing`.execute(db);

  // The journal: entry n's kind, member, day and amount follow from n.
  await sql`
    insert into ledger_entries (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
    select ${op},
      case when g % 20 < 11 then 'bet' when g % 20 < 16 then 'win' when g % 20 < 18 then 'deposit'
           when g % 20 = 18 then 'withdrawal' else 'bonus' end,
      m.id, 'PHP',
      'r' || (g - case when g % 20 between 11 and 15 then 11 else 0 end),
      case when g % 20 < 16 then 'vendor:' || (array['JILI','PGE','BGS'])[1 + (g / 20) % 3] else 'bench' end,
      'b' || g, 'h', '{}',
      ${now} - ((g::bigint * 104729) % (29 * 86400)) * 1000::bigint
    from generate_series(1, ${ENTRIES}) g
    join members m on m.operator_id = ${op} and m.username = 'p' || (1 + (g::bigint * 31) % ${MEMBERS})`.execute(
    db,
  );
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, members`.execute(db);
  // Lines: a bet takes from the member, a win pays them, a deposit and a bonus credit them, a
  // withdrawal is paid out (the member's hold, then the payout, as two lines through 'pending').
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select e.id, a.id, x.amount, null::bigint
    from ledger_entries e
    join ledger_accounts a on a.member_id = e.member_id
    cross join lateral (select 100 + (e.id * 7919) % 5000 as v) s
    cross join lateral (values (case e.kind when 'bet' then -s.v when 'win' then s.v * 9 / 10
      when 'deposit' then s.v * 20 when 'withdrawal' then -s.v * 5 else s.v / 2 end)) x(amount)
    where e.operator_id = ${op} and e.source <> 'opening'`.execute(db);
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, members`.execute(db);
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select e.id, h.id, -l.amount, null::bigint
    from ledger_entries e
    join ledger_lines l on l.entry_id = e.id
    join ledger_accounts h on h.operator_id = ${op} and h.currency = 'PHP' and h.purpose =
      case when e.kind in ('bet','win') then e.source when e.kind = 'deposit' then 'payments:REFPAY'
           when e.kind = 'withdrawal' then 'pending' else 'bonus' end
    where e.operator_id = ${op}`.execute(db);
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, members`.execute(db);
  // A withdrawal's payout: from 'pending' to the payment channel.
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select e.id, h.id, x.amount, null::bigint
    from ledger_entries e
    join ledger_lines l on l.entry_id = e.id
    join ledger_accounts m on m.id = l.account_id and m.member_id is not null
    cross join lateral (values ('pending', l.amount), ('payments:REFPAY', -l.amount)) x(purpose, amount)
    join ledger_accounts h on h.operator_id = ${op} and h.purpose = x.purpose and h.currency = 'PHP'
    where e.kind = 'withdrawal'`.execute(db);
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, members`.execute(db);
  // Bets name their games.
  await sql`
    insert into seamless_bets (operator_id, vendor_code, transaction_id, round_id, member_id, game_code, amount, state, entry_id, created_at, updated_at)
    select ${op}, substr(e.source, 8), 't' || e.id, e.reference, e.member_id,
      substr(e.source, 8) || '-' || (e.id % 20), -l.amount, 'settled', e.id, e.created_at, e.created_at
    from ledger_entries e join ledger_lines l on l.entry_id = e.id and l.amount < 0
    where e.kind = 'bet'`.execute(db);
  // Every wallet opened with what keeps it above zero, then its cached balance = its lines.
  await sql`
    insert into ledger_entries (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
    select ${op}, 'adjustment', m.id, 'PHP', null, 'opening', 'o' || m.id, 'h', '{}', ${now - 31 * DAY}
    from members m where m.operator_id = ${op}`.execute(db);
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select e.id, a.id, x.amount, null::bigint
    from ledger_entries e join ledger_accounts a on a.member_id = e.member_id
    cross join lateral (values (10000000)) x(amount)
    where e.source = 'opening'
    union all
    select e.id, h.id, -10000000, null::bigint
    from ledger_entries e join ledger_accounts h on h.operator_id = ${op} and h.purpose = 'adjustments'
    where e.source = 'opening'`.execute(db);
  await sql`
    update ledger_accounts a set balance = s.total
    from (select l.account_id, sum(l.amount) as total from ledger_lines l group by l.account_id) s
    where a.id = s.account_id and a.member_id is not null`.execute(db);
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, seamless_bets, members, report_daily_totals, report_member_days, report_first_deposits`.execute(
    db,
  );
  const seeded = performance.now() - seedStart;
  const entries = Number(
    (await sql<{ n: string }>`select count(*) as n from ledger_entries`.execute(db)).rows[0]!.n,
  );

  const countStart = performance.now();
  const counted = await app.services.reportTotals.catchUp();
  const counting = performance.now() - countStart;
  await sql`analyze ledger_entries, ledger_lines, ledger_accounts, seamless_bets, members, report_daily_totals, report_member_days, report_first_deposits`.execute(
    db,
  );

  const login = await app.inject({
    method: 'POST',
    url: '/bo/api/session',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`staff login: ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().value.token}` };
  const zone = (await app.services.payments.settings(op)).timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  const start = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - 29 * DAY);
  const routes = [
    ['dashboard', '/bo/api/dashboard'],
    ['30-day report, per day', `/bo/api/reports?startDate=${start}&endDate=${today}&period=day&by=all`],
    ['30-day report, per game', `/bo/api/reports?startDate=${start}&endDate=${today}&period=month&by=game`],
    ['30-day report, per agent', `/bo/api/reports?startDate=${start}&endDate=${today}&period=day&by=agent`],
  ] as const;
  const rows: string[][] = [];
  let dashboardGgr = '';
  for (const [name, url] of routes) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url, headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
      if (i > 0) times.push(ms); // the first call warms the plan caches
      if (name === 'dashboard') dashboardGgr = res.json().value.month.ggr;
    }
    rows.push([
      name,
      median(times).toFixed(1),
      Math.max(...times).toFixed(1),
      median(times) < 300 ? 'yes' : 'NO',
    ]);
  }

  // Spot check: the dashboard's 30 days against a direct scan of the journal.
  const scan = await sql<{ ggr: string }>`
    select -sum(l.amount) as ggr from ledger_entries e
    join ledger_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id and a.member_id is not null
    where e.kind in ('bet', 'win') and e.operator_id = ${op} and e.source <> 'opening'`.execute(db);
  const verify = await app.services.ledger.verify();

  console.info(
    `journal: ${entries.toLocaleString('en')} entries (${MEMBERS.toLocaleString('en')} members), seeded in ${(seeded / 1000).toFixed(1)} s`,
  );
  console.info(
    `counted into the daily totals: ${counted.toLocaleString('en')} entries in ${(counting / 1000).toFixed(1)} s (${Math.round(counted / (counting / 1000)).toLocaleString('en')} entries/s)`,
  );
  printTable(['PostgreSQL request', 'median ms', 'max ms', '< 300 ms'], rows);
  console.info(
    `dashboard 30-day GGR ${dashboardGgr}; direct journal scan ${(Number(scan.rows[0]!.ggr) / 100).toFixed(2)}; ledger check ${verify.ok ? 'ok' : 'FAILED'}`,
  );
} finally {
  await close();
}
