import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays } from '@playhouse/contract/account-record';
import type { Leg } from '../src/modules/ledger/ledger-rules.ts';
import { dayAt } from '../src/modules/transactions/period.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { connectVendor, fund, seamlessCall } from './support/seamless.ts';
import { createStaff } from './support/staff.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';
import type { App } from '../src/app.ts';

/**
 * The daily totals behind the dashboard and reports (decision 040) are kept off the journal by a job
 * with a watermark. Whatever the batches, late commits and dimensions, they must say exactly what a
 * direct scan of the ledger says.
 */

const minor = (s: string) => Math.round(Number(s) * 100);

interface Scan {
  stakes: number;
  wins: number;
  bonuses: number;
  deposits: number;
  withdrawals: number;
  players: Set<number>;
}

/** A direct scan of the operator's journal, per day in its time zone and per vendor. */
async function scanLedger(app: App, operatorId: number, zone: string) {
  const rows = await app.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select([
      'e.id',
      'e.kind',
      'e.created_at',
      'e.member_id as entry_member',
      'l.amount',
      'a.member_id',
      'a.purpose',
    ])
    .where('e.operator_id', '=', operatorId)
    .execute();
  const vendorOf = new Map<number, string>();
  for (const r of rows) if (r.purpose?.startsWith('vendor:')) vendorOf.set(Number(r.id), r.purpose.slice(7));
  const days = new Map<string, Scan>();
  const vendors = new Map<string, Scan>();
  const blank = (): Scan => ({
    stakes: 0,
    wins: 0,
    bonuses: 0,
    deposits: 0,
    withdrawals: 0,
    players: new Set(),
  });
  for (const r of rows) {
    const day = dayAt(Number(r.created_at), zone);
    const d = days.get(day) ?? blank();
    days.set(day, d);
    const amount = Number(r.amount);
    const member = r.member_id !== null;
    const game = ['bet', 'win', 'rollback', 'jackpot'].includes(r.kind);
    const v = game ? (vendors.get(`${day}|${vendorOf.get(Number(r.id)) ?? ''}`) ?? blank()) : undefined;
    if (v) vendors.set(`${day}|${vendorOf.get(Number(r.id)) ?? ''}`, v);
    for (const s of v ? [d, v] : [d]) {
      if (member && r.kind === 'bet' && amount < 0) {
        s.stakes -= amount;
        s.players.add(Number(r.member_id));
      }
      if (member && r.kind === 'bet' && amount > 0) s.wins += amount;
      if (member && (r.kind === 'win' || r.kind === 'jackpot')) s.wins += amount;
      if (member && r.kind === 'rollback') s.stakes -= amount;
      if (member && (r.kind === 'bonus' || r.kind === 'rebate')) s.bonuses += amount;
      if (member && r.kind === 'deposit') s.deposits += amount;
      if (!member && r.kind === 'withdrawal' && r.purpose?.startsWith('payments') && amount > 0)
        s.withdrawals += amount;
    }
  }
  return { days, vendors };
}

describe.each(DIALECTS)('daily totals, dashboard and reports (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect, { REPORT_TOTALS_SECONDS: '0' });
    const operator = await app.services.settings.defaultOperator();
    const zone = (await app.services.payments.settings(operator.id)).timeZone;
    return { app, operatorId: operator.id, zone, staff: await staffAuth(app) };
  })();

  const post = (app: App, operatorId: number, kind: string, memberId: number, legs: Leg[], source = 'test') =>
    app.services.ledger.post({
      operatorId,
      kind: kind as never,
      source,
      key: randomUUID(),
      requestHash: 'h',
      memberId,
      currency: 'PHP',
      legs,
      respond: () => ({}),
    });

  it('counts every movement exactly as a direct scan of the ledger, per day and vendor, across batches and late commits', async () => {
    const { app, operatorId, zone, staff } = await ready;
    const jili = await connectVendor(app, 'JILI');
    const pg = await connectVendor(app, 'PGE');
    const agent = await createTestMember(app);
    const players = [];
    for (let i = 0; i < 4; i++) {
      const m = await createTestMember(app);
      await app.services.db
        .updateTable('members')
        .set({ register_method: i % 2 ? 'APP' : 'H5', upline_id: i < 2 ? agent.id : null })
        .where('id', '=', m.id)
        .execute();
      await fund(app, m.username, '500.00');
      players.push(m);
    }
    // Seamless play through the provider API: bets, wins, a rollback, on two vendors.
    for (const [i, m] of players.entries()) {
      for (const vendor of [jili, pg]) {
        const roundId = `r-${randomUUID()}`;
        const bet = {
          userName: m.username,
          transactionId: `t-${randomUUID()}`,
          roundId,
          gameCode: `${vendor.code}-G${i % 2}`,
          amount: `${i + 1}.50`,
        };
        expect((await seamlessCall(app, vendor, 'bet', bet)).statusCode).toBe(200);
        const win = {
          userName: m.username,
          transactionId: `w-${randomUUID()}`,
          roundId,
          gameCode: bet.gameCode,
          amount: `${i * 2}.25`,
        };
        expect((await seamlessCall(app, vendor, 'win', win)).statusCode).toBe(200);
      }
      const roundId = `r-${randomUUID()}`;
      const bet = { userName: m.username, transactionId: `t-${randomUUID()}`, roundId, amount: '3.00' };
      expect((await seamlessCall(app, jili, 'bet', bet)).statusCode).toBe(200);
      const rollback = { ...bet, transactionId: `rb-${randomUUID()}`, refTransactionId: bet.transactionId };
      expect((await seamlessCall(app, jili, 'rollback', rollback)).statusCode).toBe(200);
    }
    // Movements of every other kind, through the ledger the way their modules post them.
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    await post(app, operatorId, 'deposit', a.id, [
      { member: a.id, amount: 20_000 },
      { house: 'payments:REFPAY', amount: -20_000 },
    ]);
    await post(app, operatorId, 'deposit', a.id, [
      { member: a.id, amount: 5_000 },
      { house: 'payments:REFPAY', amount: -5_000 },
    ]);
    await post(app, operatorId, 'deposit', b.id, [
      { member: b.id, amount: 7_000 },
      { house: 'payments', amount: -7_000 },
    ]);
    await post(app, operatorId, 'withdrawal', b.id, [
      { member: b.id, amount: -4_000 },
      { house: 'pending', amount: 4_000 },
    ]);
    await post(app, operatorId, 'withdrawal', b.id, [
      { house: 'pending', amount: -4_000 },
      { house: 'payments:REFPAY', amount: 4_000 },
    ]);
    await post(app, operatorId, 'withdrawal', b.id, [
      { member: b.id, amount: -1_000 },
      { house: 'pending', amount: 1_000 },
    ]);
    await post(app, operatorId, 'bonus', a.id, [
      { member: a.id, amount: 1_500 },
      { house: 'bonus', amount: -1_500 },
    ]);
    await post(app, operatorId, 'rebate', b.id, [
      { member: b.id, amount: 250 },
      { house: 'bonus', amount: -250 },
    ]);
    await post(app, operatorId, 'commission', agent.id, [
      { member: agent.id, amount: 900 },
      { house: 'agents', amount: -900 },
    ]);
    // An in-house round: stake and win in one entry.
    await post(
      app,
      operatorId,
      'bet',
      a.id,
      [
        { member: a.id, amount: -1_000 },
        { house: 'vendor:BGS', amount: 1_000 - 2_500 },
        { member: a.id, amount: 2_500 },
      ],
      'play:BGS',
    );

    // Half the journal happened yesterday and the day before (in the operator's zone).
    const all = await app.services.db.selectFrom('ledger_entries').select('id').orderBy('id').execute();
    const ids = all.map((r) => Number(r.id));
    await app.services.db
      .updateTable('ledger_entries')
      .set((eb) => ({ created_at: eb('created_at', '-', 86_400_000) }))
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 2 === 0),
      )
      .execute();
    await app.services.db
      .updateTable('ledger_entries')
      .set((eb) => ({ created_at: eb('created_at', '-', 2 * 86_400_000) }))
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 5 === 0),
      )
      .execute();

    // Counted in two runs, the second after more entries came.
    expect(await app.services.reportTotals.catchUp()).toBeGreaterThan(0);
    await fund(app, a.username, '1.00');
    await post(
      app,
      operatorId,
      'bet',
      b.id,
      [
        { member: b.id, amount: -700 },
        { house: 'vendor:BGS', amount: 700 },
      ],
      'play:BGS',
    );
    expect(await app.services.reportTotals.catchUp()).toBe(2);
    expect(await app.services.reportTotals.catchUp()).toBe(0);

    const { days, vendors } = await scanLedger(app, operatorId, zone);
    const today = dayAt(Date.now(), zone);
    const report = async (query: string) => {
      const res = await app.inject({ url: `/bo/api/reports?${query}`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { rows: Record<string, string | number | null>[]; total: number };
    };
    const range = `startDate=${addDays(today, -3)}&endDate=${today}&pageSize=200`;
    const byDay = await report(`${range}&period=day&by=all`);
    expect(byDay.rows.map((r) => r.period).sort()).toEqual([...days.keys()].sort());
    for (const row of byDay.rows) {
      const scan = days.get(row.period as string)!;
      expect(minor(row.stakes as string), `stakes ${row.period}`).toBe(scan.stakes);
      expect(minor(row.wins as string)).toBe(scan.wins);
      expect(minor(row.ggr as string)).toBe(scan.stakes - scan.wins);
      expect(minor(row.bonuses as string)).toBe(scan.bonuses);
      expect(minor(row.deposits as string)).toBe(scan.deposits);
      expect(minor(row.withdrawals as string)).toBe(scan.withdrawals);
      expect(row.players).toBe(scan.players.size);
    }
    const byVendor = await report(`${range}&period=day&by=vendor`);
    expect(byVendor.rows.length).toBe(vendors.size);
    for (const row of byVendor.rows) {
      const scan = vendors.get(`${row.period}|${row.key}`)!;
      expect(minor(row.stakes as string), `${row.period} ${row.key}`).toBe(scan.stakes);
      expect(minor(row.wins as string)).toBe(scan.wins);
      expect(row.players).toBe(scan.players.size);
    }
    // Games add up to their vendors; channels and agents to the whole.
    const sum = (rows: Record<string, string | number | null>[], field: string) =>
      rows.reduce((s, r) => s + minor(String(r[field])), 0);
    const whole = await report(`${range}&period=month&by=all`);
    for (const by of ['game', 'channel', 'agent']) {
      const rows = (await report(`${range}&period=month&by=${by}`)).rows;
      for (const field of ['stakes', 'wins', 'ggr'])
        expect(sum(rows, field), `${by} ${field}`).toBe(sum(whole.rows, field));
    }
    const games = (await report(`${range}&period=month&by=game`)).rows.map((r) => r.key);
    expect(games).toEqual(expect.arrayContaining(['JILI/JILI-G0', 'PGE/PGE-G1', 'BGS/']));
    const agents = (await report(`${range}&period=month&by=agent`)).rows;
    expect(agents.map((r) => r.key)).toContain(agent.username);
    // Players over a month are distinct members, not the sum of the days'.
    const monthPlayers = new Set([...days.values()].flatMap((d) => [...d.players]));
    expect(whole.rows.reduce((s, r) => s + Number(r.players), 0)).toBe(monthPlayers.size);
    expect(whole.rows.reduce((s, r) => s + Number(r.firstDeposits), 0)).toBe(2);

    // A movement that commits after a later one was counted (PostgreSQL hands ids out before
    // commit): its id is skipped, then counted when it shows.
    const mark = await app.services.db
      .selectFrom('report_watermark')
      .select('seen_id')
      .executeTakeFirstOrThrow();
    const seen = Number(mark.seen_id);
    const account = await app.services.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const house = await app.services.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('purpose', '=', 'vendor:BGS')
      .executeTakeFirstOrThrow();
    const write = async (id: number, amount: number) => {
      await app.services.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledger_entries')
          .values({
            id,
            operator_id: operatorId,
            kind: 'bet',
            member_id: a.id,
            currency: 'PHP',
            reference: null,
            source: 'play:BGS',
            idem_key: `late-${id}`,
            request_hash: 'h',
            response: '{}',
            created_at: Date.now(),
          } as never)
          .execute();
        await trx
          .insertInto('ledger_lines')
          .values([
            { entry_id: id, account_id: Number(account.id), amount: -amount, balance_after: 0 },
            { entry_id: id, account_id: Number(house.id), amount, balance_after: null },
          ])
          .execute();
        await trx
          .updateTable('ledger_accounts')
          .set((eb) => ({ balance: eb('balance', '-', amount) }))
          .where('id', '=', Number(account.id))
          .execute();
      });
    };
    // Two ids taken in order (PostgreSQL: from the identity sequence, as two inserts would take them).
    const [first, second] =
      dialect === 'postgres'
        ? await Promise.all(
            [0, 1].map(async () => {
              const r = await sql<{
                id: string;
              }>`select nextval(pg_get_serial_sequence('ledger_entries', 'id')) as id`.execute(
                app.services.db,
              );
              return Number(r.rows[0]!.id);
            }),
          ).then((ids) => ids.sort((x, y) => x - y))
        : [seen + 1, seen + 2];
    expect(first).toBe(seen + 1);
    await write(second!, 300);
    expect(await app.services.reportTotals.catchUp()).toBe(1);
    const gaps = await app.services.db
      .selectFrom('report_watermark')
      .select(['gaps', 'through_id'])
      .executeTakeFirstOrThrow();
    expect(JSON.parse(gaps.gaps).map(([id]: [number]) => id)).toEqual([first]);
    expect(Number(gaps.through_id)).toBe(seen);
    await write(first!, 200);
    expect(await app.services.reportTotals.catchUp()).toBe(1);
    const todayRow = (await report(`startDate=${today}&endDate=${today}`)).rows[0]!;
    expect(minor(todayRow.stakes as string)).toBe(
      (await scanLedger(app, operatorId, zone)).days.get(today)!.stakes,
    );
    // The balance column was kept right by hand above, so the ledger still checks.
    await app.services.db
      .updateTable('ledger_lines')
      .set({ balance_after: null })
      .where('entry_id', 'in', [first!, second!])
      .where('account_id', '=', Number(account.id))
      .execute();
    await expectLedgerOk(app);
  });

  it('shows the dashboard: today, yesterday, 30 days, and the queues', async () => {
    const { app, staff, zone } = await ready;
    await app.services.reportTotals.catchUp();
    const res = await app.inject({ url: '/bo/api/dashboard', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().value;
    expect(d.days).toHaveLength(30);
    expect(d.days.at(-1).day).toBe(dayAt(Date.now(), zone));
    expect(d.yesterday.day).toBe(addDays(d.today.day, -1));
    expect(d.yesterday).toEqual(d.days.at(-2));
    const { days } = await scanLedger(app, (await ready).operatorId, zone);
    const y = days.get(d.yesterday.day)!;
    expect(minor(d.yesterday.ggr)).toBe(y.stakes - y.wins);
    expect(d.month.players).toBeGreaterThan(0);
    expect(d.queues).toMatchObject({ pendingWithdrawals: 0, identityReviews: 0, waitingChats: 0 });
    expect(typeof d.asOf).toBe('number');
  });

  it('exports the report as CSV, formula-like cells neutralised', async () => {
    const { app, staff, operatorId } = await ready;
    // A registration channel a member could have sent: it becomes a report key.
    const m = await createTestMember(app);
    await app.services.db
      .updateTable('members')
      .set({ register_method: '=HYPERLINK("x")' })
      .where('id', '=', m.id)
      .execute();
    await fund(app, m.username, '10.00');
    await post(
      app,
      operatorId,
      'bet',
      m.id,
      [
        { member: m.id, amount: -100 },
        { house: 'vendor:BGS', amount: 100 },
      ],
      'play:BGS',
    );
    await app.services.reportTotals.catchUp();
    const res = await app.inject({
      url: '/bo/api/reports.csv?period=month&by=channel',
      headers: { ...staff, language: 'EN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="report-channel-month-/);
    expect(res.body.startsWith('\uFEFFPeriod,')).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    await expectLedgerOk(app);
  });

  it('refuses staff without the reports permission and keeps each operator to its own figures', async () => {
    const { app, staff } = await ready;
    for (const url of ['/bo/api/dashboard', '/bo/api/reports', '/bo/api/reports.csv']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
      const support = await createStaff(app, 'support', staff);
      const refused = await app.inject({ url, headers: support.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ROLE_FORBIDDEN');
    }
    const finance = await createStaff(app, 'finance', staff);
    expect((await app.inject({ url: '/bo/api/dashboard', headers: finance.headers })).statusCode).toBe(200);

    // Another operator's member moves money: none of it shows in this operator's figures.
    const before = (await app.inject({ url: '/bo/api/reports?period=month', headers: staff })).json().value
      .rows;
    const other = await app.services.db
      .insertInto('operators')
      .values({ code: `rep-${dialect}`, name: 'Other', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherId = Number(other.id);
    const inserted = await app.services.db
      .insertInto('members')
      .values({
        operator_id: otherId,
        username: `other${Date.now()}`,
        password_hash: null,
        type: 0,
        status: 'active',
        currency: 'PHP',
        first_time_login: 0,
        created_at: Date.now(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherMember = Number(inserted.id);
    await post(app, otherId, 'deposit', otherMember, [
      { member: otherMember, amount: 99_900 },
      { house: 'payments', amount: -99_900 },
    ]);
    await post(
      app,
      otherId,
      'bet',
      otherMember,
      [
        { member: otherMember, amount: -500 },
        { house: 'vendor:BGS', amount: 500 },
      ],
      'play:BGS',
    );
    expect(await app.services.reportTotals.catchUp()).toBe(2);
    const after = (await app.inject({ url: '/bo/api/reports?period=month', headers: staff })).json().value
      .rows;
    expect(after).toEqual(before);
    const theirs = await app.services.reports.report(otherId, 'PHP', {
      period: 'month',
      by: 'all',
      page: 1,
      pageSize: 50,
    });
    expect(theirs.rows[0]).toMatchObject({
      deposits: '999.00',
      stakes: '5.00',
      players: 1,
      firstDeposits: 1,
      newPlayers: 1,
    });
    await expectLedgerOk(app);
  });
});
