import { describe, expect, it } from 'vitest';
import { sql } from '@playhouse/db/create-db';
import { requestHash } from '../src/modules/ledger/ledger-rules.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, staffHeaders, walletBalance } from './support/seamless.ts';

describe.each(DIALECTS)('ledger, wallet and adjustments (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  const adjust = async (payload: Record<string, unknown>, headers?: Record<string, string>) => {
    const app = await ready;
    return app.inject({
      method: 'POST',
      url: '/bo/api/wallet/adjustments',
      headers: headers ?? (await staffHeaders(app)),
      payload,
    });
  };

  it('starts every member at 0.00 and shows the ledger balance with currency and symbol', async () => {
    const app = await ready;
    const member = await createTestMember(app);
    const res = await app.inject({
      method: 'GET',
      url: '/wps/wallets/gcs',
      headers: { authorization: member.authorization },
    });
    expect(res.json().value).toEqual({
      sumBalance: '0.00',
      currency: 'PHP',
      currencySymbol: '₱',
      isSingle: 1,
    });

    await fund(app, member.username, '12.5');
    expect(await walletBalance(app, member.authorization)).toBe('12.50');
    expect((await app.inject({ method: 'GET', url: '/wps/wallets/gcs' })).statusCode).toBe(401);
    await expectLedgerOk(app);
  });

  it('credits and debits by adjustment, never below zero, audited', async () => {
    const app = await ready;
    const member = await createTestMember(app);
    const credit = await adjust({
      userName: member.username.toUpperCase(),
      amount: '100.00',
      reason: 'welcome',
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().value).toMatchObject({
      userName: member.username,
      amount: '100.00',
      balance: '100.00',
      duplicate: false,
    });

    const debit = await adjust({ userName: member.username, amount: '-30.25', reason: 'correction' });
    expect(debit.json().value).toMatchObject({ amount: '-30.25', balance: '69.75' });

    const overdraw = await adjust({ userName: member.username, amount: '-69.76', reason: 'too much' });
    expect(overdraw.statusCode).toBe(409);
    expect(overdraw.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '69.75' });
    expect(await walletBalance(app, member.authorization)).toBe('69.75');

    const audit = await app.inject({
      method: 'GET',
      url: '/bo/api/audit?action=wallet.adjustment',
      headers: await staffHeaders(app),
    });
    const mine = audit
      .json()
      .value.list.filter((a: { target: string }) => a.target === `member:${member.username}`);
    expect(mine).toHaveLength(2);
    expect(mine[0].detail).toMatchObject({ amount: '-30.25', balance: '69.75', reason: 'correction' });
    await expectLedgerOk(app);
  });

  it('refuses malformed amounts, zero, unknown members and non-staff', async () => {
    const app = await ready;
    const member = await createTestMember(app);
    for (const amount of ['1.234', '1e3', 'NaN', '', '12,00', '1000000000000.00', '0x10'])
      expect((await adjust({ userName: member.username, amount, reason: 'x' })).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { amount: expect.any(Array) },
      });
    expect((await adjust({ userName: member.username, amount: '0.00', reason: 'x' })).statusCode).toBe(400);
    expect((await adjust({ userName: 'nobody-here', amount: '1.00', reason: 'x' })).statusCode).toBe(404);
    expect((await adjust({ userName: member.username, amount: '1.00' })).statusCode).toBe(400);
    expect((await adjust({ userName: member.username, amount: '1.00', reason: 'x' }, {})).statusCode).toBe(
      401,
    );
    expect(
      (
        await adjust(
          { userName: member.username, amount: '1.00', reason: 'x' },
          { authorization: member.authorization },
        )
      ).statusCode,
    ).toBe(401);
    expect(await walletBalance(app, member.authorization)).toBe('0.00');
    await expectLedgerOk(app);
  });

  it('moves money once for an idempotency key replayed ten times at once, and refuses other content', async () => {
    const app = await ready;
    const member = await createTestMember(app);
    const staff = await staffHeaders(app);
    const payload = {
      userName: member.username,
      amount: '25.00',
      reason: 'promo',
      idempotencyKey: `adj-${member.id}`,
    };
    const outcomes = await race(10, () =>
      app.inject({ method: 'POST', url: '/bo/api/wallet/adjustments', headers: staff, payload }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 10 });
    const values = outcomes.map((o) => (o.ok ? o.value.json().value : undefined));
    expect(values.filter((v) => !v.duplicate)).toHaveLength(1);
    // Every replay answers the first result verbatim.
    expect(new Set(values.map((v) => JSON.stringify({ ...v, duplicate: undefined }))).size).toBe(1);
    expect(values[0]).toMatchObject({ balance: '25.00' });
    expect(await walletBalance(app, member.authorization)).toBe('25.00');

    const mismatch = await adjust({ ...payload, amount: '26.00' });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect((await adjust({ ...payload, reason: 'other' })).json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await walletBalance(app, member.authorization)).toBe('25.00');

    const audit = await app.inject({
      method: 'GET',
      url: '/bo/api/audit?action=wallet.adjustment',
      headers: staff,
    });
    expect(
      audit.json().value.list.filter((a: { target: string }) => a.target === `member:${member.username}`),
    ).toHaveLength(1);
    await expectLedgerOk(app);
  });

  it("lists a member's entries with their lines, newest first", async () => {
    const app = await ready;
    const member = await createTestMember(app);
    await fund(app, member.username, '10.00');
    await adjust({ userName: member.username, amount: '-4.00', reason: 'fee' });
    const res = await app.inject({
      method: 'GET',
      url: `/bo/api/members/${member.username}/ledger?pageSize=1`,
      headers: await staffHeaders(app),
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().value;
    expect(page).toMatchObject({ pageNo: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(page.list[0]).toMatchObject({
      kind: 'adjustment',
      source: 'bo:adjustment',
      currency: 'PHP',
      amount: '-4.00',
      balanceAfter: '6.00',
      lines: [
        { account: `member:${member.username}`, amount: '-4.00', balanceAfter: '6.00' },
        { account: 'adjustments', amount: '4.00', balanceAfter: null },
      ],
    });
    const second = await app.inject({
      method: 'GET',
      url: `/bo/api/members/${member.username}/ledger?pageNo=2&pageSize=1`,
      headers: await staffHeaders(app),
    });
    expect(second.json().value.list[0]).toMatchObject({ amount: '10.00', balanceAfter: '10.00' });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/bo/api/members/nobody-here/ledger',
          headers: await staffHeaders(app),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/bo/api/members/${member.username}/ledger` })).statusCode,
    ).toBe(401);
    await expectLedgerOk(app);
  });

  it('posts through the service: legs must balance, decided legs see the locked balance, apply can refuse', async () => {
    const app = await ready;
    const { ledger } = app.services;
    const operator = await app.services.settings.defaultOperator();
    const member = await createTestMember(app);
    const base = {
      operatorId: operator.id,
      source: 'test:service',
      memberId: member.id,
      currency: 'PHP',
      respond: ({ balance }: { balance: number | null }) => ({ balance }),
    };
    await expect(
      ledger.post({
        ...base,
        kind: 'bonus',
        key: 'unbalanced',
        requestHash: requestHash({ k: 1 }),
        legs: [
          { member: member.id, amount: 500 },
          { house: 'bonus', amount: -499 },
        ],
      }),
    ).rejects.toThrow(/sum to 1/);

    const credited = await ledger.post({
      ...base,
      kind: 'bonus',
      key: 'bonus-1',
      requestHash: requestHash({ k: 2 }),
      legs: [
        { member: member.id, amount: 500 },
        { house: 'bonus', amount: -500 },
      ],
    });
    expect(credited).toMatchObject({ duplicate: false, response: { balance: 500 } });

    // Legs decided under the lock: take half of what is there.
    let seen = -1;
    const halved = await ledger.post({
      ...base,
      kind: 'adjustment',
      key: 'half',
      requestHash: requestHash({ k: 3 }),
      legs: async (_trx, locked) => {
        seen = locked.balance;
        return [
          { member: member.id, amount: -locked.balance / 2 },
          { house: 'adjustments', amount: locked.balance / 2 },
        ];
      },
    });
    expect(seen).toBe(500);
    expect(halved.response).toEqual({ balance: 250 });

    // A refusal in `apply` undoes the movement whole.
    await expect(
      ledger.post({
        ...base,
        kind: 'adjustment',
        key: 'refused',
        requestHash: requestHash({ k: 4 }),
        legs: [
          { member: member.id, amount: -100 },
          { house: 'adjustments', amount: 100 },
        ],
        apply: async () => {
          throw new Error('refused by the caller');
        },
      }),
    ).rejects.toThrow('refused by the caller');
    expect((await ledger.wallet({ memberId: member.id }))!.balance).toBe(250);
    expect(await ledger.find(operator.id, 'test:service', 'refused')).toBeUndefined();

    // An entry that moves nothing still records its answer (a tombstone's shape).
    const memo = await ledger.post({
      ...base,
      kind: 'rollback',
      key: 'nothing',
      requestHash: requestHash({ k: 5 }),
      legs: [],
    });
    expect(memo).toMatchObject({ duplicate: false, response: { balance: 250 } });
    expect(
      await ledger.post({
        ...base,
        kind: 'rollback',
        key: 'nothing',
        requestHash: requestHash({ k: 5 }),
        legs: [],
      }),
    ).toMatchObject({ duplicate: true, entryId: memo.entryId });

    expect(await ledger.houseBalance(operator.id, 'bonus', 'PHP')).toBeLessThanOrEqual(-500);
    await expectLedgerOk(app);
  });

  it('finds every kind of breach, and the back office sees the report', async () => {
    const app = await ready;
    const db = app.services.db;
    const member = await createTestMember(app);
    await fund(app, member.username, '5.00');
    const staff = await staffHeaders(app);
    const verify = () => app.inject({ method: 'GET', url: '/bo/api/ledger/verify', headers: staff });
    const clean = await verify();
    expect(clean.statusCode).toBe(200);
    expect(clean.json().value).toMatchObject({ ok: true, breaches: [] });
    expect(clean.json().value.entries).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/bo/api/ledger/verify' })).statusCode).toBe(401);

    // Tamper behind the ledger's back (a separate schema for PostgreSQL, its own database for SQLite,
    // so other tests of this file see no breach once it is repaired).
    const account = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('ledger_accounts').set({ balance: 600 }).where('id', '=', account.id).execute();
    const line = await db
      .selectFrom('ledger_lines')
      .select(['id', 'entry_id', 'amount'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('ledger_lines').set({ amount: 700 }).where('id', '=', line.id).execute();

    const broken = (await verify()).json().value;
    expect(broken.ok).toBe(false);
    const kinds = broken.breaches.map((b: { kind: string; id: number }) => `${b.kind}:${b.id}`);
    expect(kinds).toContain(`unbalanced_entry:${line.entry_id}`);
    expect(kinds).toContain(`balance_mismatch:${account.id}`);

    // A negative cached balance is refused by the database itself.
    await expect(
      db.updateTable('ledger_accounts').set({ balance: -1 }).where('id', '=', account.id).execute(),
    ).rejects.toThrow();

    // Orphans and currency mismatches (foreign keys off for the moment it takes to make one).
    if (dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
    else await sql`alter table ledger_lines drop constraint if exists ledger_lines_entry_id_fkey`.execute(db);
    await db
      .insertInto('ledger_lines')
      .values({ entry_id: 999_999, account_id: account.id, amount: 1, balance_after: null })
      .execute();
    if (dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(db);
    await db.updateTable('ledger_entries').set({ currency: 'USD' }).where('id', '=', line.entry_id).execute();
    const worse = (await verify()).json().value.breaches.map((b: { kind: string }) => b.kind);
    expect(worse).toEqual(expect.arrayContaining(['orphan_line', 'currency_mismatch']));

    // Repair, so the file's ledger verifies again.
    await db.deleteFrom('ledger_lines').where('entry_id', '=', 999_999).execute();
    await db.updateTable('ledger_entries').set({ currency: 'PHP' }).where('id', '=', line.entry_id).execute();
    await db.updateTable('ledger_lines').set({ amount: line.amount }).where('id', '=', line.id).execute();
    await db
      .updateTable('ledger_accounts')
      .set({ balance: account.balance })
      .where('id', '=', account.id)
      .execute();
    await expectLedgerOk(app);
  });
});
