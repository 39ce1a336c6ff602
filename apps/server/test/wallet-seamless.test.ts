import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import {
  connectVendor,
  fund,
  seamlessCall,
  sign,
  staffHeaders,
  walletBalance,
  type SeamlessBody,
} from './support/seamless.ts';

type Vendor = { code: string; secret: string };
const id = (prefix: string) => `${prefix}-${randomUUID()}`;

describe.each(DIALECTS)('seamless wallet (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    return { app, jili: await connectVendor(app, 'JILI'), fc: await connectVendor(app, 'FC') };
  })();

  /** A member with `amount` in their wallet. */
  async function player(app: App, amount = '100.00') {
    const member = await createTestMember(app);
    if (amount !== '0.00') await fund(app, member.username, amount);
    return member;
  }

  const call = async (vendor: Vendor, action: 'balance' | 'bet' | 'win' | 'rollback', body: SeamlessBody) => {
    const { app } = await ready;
    const res = await seamlessCall(app, vendor, action, body);
    return { status: res.statusCode, json: res.json() };
  };

  describe('signatures and vendors', () => {
    it('answers a signed balance call, and 401 INVALID_SIGNATURE to anything unsigned or mis-signed', async () => {
      const { app, jili, fc } = await ready;
      const m = await player(app, '10.00');
      const ok = await call(jili, 'balance', { userName: m.username });
      expect(ok).toEqual({
        status: 200,
        json: { success: true, value: { balance: '10.00', transactionId: '', duplicate: false } },
      });

      const body = { userName: m.username, transactionId: id('t'), roundId: id('r'), amount: '1.00' };
      const refusals = [
        await seamlessCall(app, jili, 'bet', body, { signature: 'deadbeef' }),
        await seamlessCall(app, jili, 'bet', body, {
          signature: sign('not-the-secret', JSON.stringify(body)),
        }),
        await seamlessCall(app, jili, 'bet', body, { signature: '' }),
        // Signed with JILI's secret but claiming to be FC, or no vendor at all, or one that does not exist.
        await seamlessCall(app, jili, 'bet', body, { vendorHeader: 'FC' }),
        await seamlessCall(app, jili, 'bet', body, { vendorHeader: '' }),
        await seamlessCall(app, jili, 'bet', body, { vendorHeader: 'NOPE' }),
        await seamlessCall(app, jili, 'bet', body, { vendorHeader: '../JILI' }),
        await app.inject({
          method: 'POST',
          url: '/wps/provider/wallet/bet',
          headers: { 'content-type': 'application/json', 'x-vendor': 'JILI' },
          payload: JSON.stringify(body),
        }),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('INVALID_SIGNATURE');
      }
      // FC's own secret works for FC.
      expect((await call(fc, 'balance', { userName: m.username })).status).toBe(200);
      expect(await walletBalance(app, m.authorization)).toBe('10.00');
      await expectLedgerOk(app);
    });

    it('verifies the raw bytes: a body changed after signing fails, odd but exact spacing passes', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const raw = `{ "userName" : "${m.username}",\n  "transactionId": "${id('t')}", "roundId": "${id('r')}", "gameCode": "G1", "amount": "2.00" }`;
      const send = (payload: string, signature: string) =>
        app.inject({
          method: 'POST',
          url: '/wps/provider/wallet/bet',
          headers: { 'content-type': 'application/json', 'x-vendor': 'jili', 'x-signature': signature },
          payload,
        });
      const tampered = await send(raw.replace('"2.00"', '"0.01"'), sign(jili.secret, raw));
      expect(tampered.statusCode).toBe(401);
      const exact = await send(raw, sign(jili.secret, raw).toUpperCase());
      expect(exact.statusCode).toBe(200);
      expect(exact.json().value.balance).toBe('8.00');
      await expectLedgerOk(app);
    });

    it('refuses a disabled vendor, one without a secret and a transfer-mode vendor', async () => {
      const { app } = await ready;
      const m = await player(app, '5.00');
      const pg = await connectVendor(app, 'PGE');
      expect((await call(pg, 'balance', { userName: m.username })).status).toBe(200);

      await connectVendor(app, 'PGE', { enabled: false, secret: pg.secret });
      expect(await call(pg, 'balance', { userName: m.username })).toMatchObject({
        status: 401,
        json: { code: 'INVALID_SIGNATURE' },
      });

      await connectVendor(app, 'PGE', { enabled: true, secret: pg.secret, walletMode: 'transfer' });
      expect(await call(pg, 'balance', { userName: m.username })).toMatchObject({
        status: 409,
        json: { code: 'WALLET_MODE_MISMATCH' },
      });

      await connectVendor(app, 'PGE', { walletMode: 'seamless', secret: '' });
      expect(await call(pg, 'balance', { userName: m.username })).toMatchObject({
        status: 401,
        json: { code: 'INVALID_SIGNATURE' },
      });
      await expectLedgerOk(app);
    });

    it('stores the secret sealed, never returns or audits it, and seals secrets stored in plain text before', async () => {
      const { app, jili } = await ready;
      const db = app.services.db;
      const row = await db
        .selectFrom('vendors')
        .selectAll()
        .where('code', '=', 'JILI')
        .executeTakeFirstOrThrow();
      expect(row.secret).toBeNull();
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(jili.secret);
      const staff = await staffHeaders(app);
      const vendor = await app.inject({ method: 'GET', url: '/bo/api/vendors/JILI', headers: staff });
      expect(vendor.json().value).toMatchObject({ hasSecret: true });
      expect(vendor.body).not.toContain(jili.secret);
      const audit = await app.inject({
        method: 'GET',
        url: '/bo/api/audit?action=vendor.update',
        headers: staff,
      });
      expect(audit.body).not.toContain(jili.secret);
      // The box opens it for the purpose it was sealed for, and no other.
      expect(app.services.secrets.open('vendor-secret', row.secret_sealed!)).toBe(jili.secret);
      expect(() => app.services.secrets.open('totp-seed', row.secret_sealed!)).toThrow();

      // An earlier version's plain secret is sealed at start-up and keeps working.
      await db
        .updateTable('vendors')
        .set({ secret: 'legacy-plain-secret', secret_sealed: null })
        .where('code', '=', 'SPX')
        .execute();
      expect(await app.services.catalogue.sealStoredSecrets()).toBe(1);
      const sealed = await db
        .selectFrom('vendors')
        .selectAll()
        .where('code', '=', 'SPX')
        .executeTakeFirstOrThrow();
      expect(sealed.secret).toBeNull();
      expect(sealed.secret_sealed).not.toContain('legacy-plain-secret');
      app.services.catalogue.invalidate((await app.services.settings.defaultOperator()).id);
      const m = await player(app, '0.00');
      expect(
        (await call({ code: 'SPX', secret: 'legacy-plain-secret' }, 'balance', { userName: m.username }))
          .status,
      ).toBe(200);
      expect(await app.services.catalogue.sealStoredSecrets()).toBe(0);
    });

    it('stays open in maintenance, takes no oversized body and refuses malformed input after the signature', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '3.00');
      const staff = await staffHeaders(app);
      const setMaintenance = (on: boolean) =>
        app.inject({
          method: 'PUT',
          url: '/bo/api/settings',
          headers: staff,
          payload: { status: { maintenance: on } },
        });
      expect((await setMaintenance(true)).statusCode).toBe(200);
      try {
        expect(
          (
            await app.inject({
              method: 'GET',
              url: '/wps/wallets/gcs',
              headers: { authorization: m.authorization },
            })
          ).json().code,
        ).toBe('MAINTENANCE');
        const bet = await call(jili, 'bet', {
          userName: m.username,
          transactionId: id('t'),
          roundId: id('r'),
          amount: '1.00',
        });
        expect(bet).toMatchObject({ status: 200, json: { value: { balance: '2.00' } } });
      } finally {
        await setMaintenance(false);
      }

      const huge = await seamlessCall(app, jili, 'bet', {
        userName: m.username,
        transactionId: id('t'),
        roundId: 'x'.repeat(100),
        amount: '1.00',
        gameCode: 'y'.repeat(9000),
      });
      expect(huge.statusCode).toBe(413);

      for (const amount of ['-1.00', '1.234', '1e3', 'NaN', '99999999999999.00'])
        expect(
          await call(jili, 'bet', { userName: m.username, transactionId: id('t'), roundId: id('r'), amount }),
        ).toMatchObject({
          status: 400,
          json: { code: 'VALIDATION_FAILED' },
        });
      expect(
        await call(jili, 'bet', {
          userName: 'no-such-member',
          transactionId: id('t'),
          roundId: id('r'),
          amount: '1.00',
        }),
      ).toMatchObject({ status: 403, json: { code: 'ACCOUNT_UNAVAILABLE' } });
      const notJson = await app.inject({
        method: 'POST',
        url: '/wps/provider/wallet/bet',
        headers: {
          'content-type': 'application/json',
          'x-vendor': 'JILI',
          'x-signature': sign(jili.secret, '{oops'),
        },
        payload: '{oops',
      });
      expect(notJson.statusCode).toBe(400);
      expect(await walletBalance(app, m.authorization)).toBe('2.00');
      await expectLedgerOk(app);
    });
    it('documents the provider, operator and ledger routes in OpenAPI', async () => {
      const { app } = await ready;
      const doc = (await app.inject({ url: '/wps/docs/json' })).json() as {
        paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
      };
      for (const action of ['balance', 'bet', 'win', 'rollback']) {
        const op = doc.paths[`/wps/provider/wallet/${action}`]?.post;
        expect(op).toBeDefined();
        expect(op!.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(
          expect.arrayContaining(['x-vendor', 'x-signature']),
        );
      }
      expect(doc.paths['/bo/api/wallet/adjustments']?.post).toBeDefined();
      expect(doc.paths['/bo/api/ledger/verify']?.get).toBeDefined();
      expect(doc.paths['/bo/api/members/{userName}/ledger']?.get).toBeDefined();
    });
  });

  describe('bet, win and rollback', () => {
    it('takes a stake, pays a win and answers each replay with the first result', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '50.00');
      const round = id('r');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: round, amount: '1.00' };
      expect(await call(jili, 'bet', bet)).toEqual({
        status: 200,
        json: {
          success: true,
          value: { balance: '49.00', transactionId: bet.transactionId, duplicate: false },
        },
      });
      const win = {
        userName: m.username,
        transactionId: id('win'),
        roundId: round,
        amount: '2.50',
        refTransactionId: bet.transactionId,
      };
      expect((await call(jili, 'win', win)).json.value).toEqual({
        balance: '51.50',
        transactionId: win.transactionId,
        duplicate: false,
      });
      // Replays answer the first result (its balance then), not the balance now.
      expect((await call(jili, 'bet', bet)).json.value).toEqual({
        balance: '49.00',
        transactionId: bet.transactionId,
        duplicate: true,
      });
      expect((await call(jili, 'win', win)).json.value).toMatchObject({ balance: '51.50', duplicate: true });
      // A second win in the round (bonus feature) is paid too; a zero win just closes the round.
      expect(
        (
          await call(jili, 'win', {
            ...win,
            transactionId: id('win'),
            refTransactionId: undefined,
            amount: '0.50',
          })
        ).json.value.balance,
      ).toBe('52.00');
      expect(
        (await call(jili, 'win', { ...win, transactionId: id('win'), amount: '0.00' })).json.value.balance,
      ).toBe('52.00');
      expect(await walletBalance(app, m.authorization)).toBe('52.00');
      await expectLedgerOk(app);
    });

    it('refuses a stake the balance cannot cover, with the balance', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '0.99');
      const bet = { userName: m.username, transactionId: id('t'), roundId: id('r'), amount: '1.00' };
      const res = await call(jili, 'bet', bet);
      expect(res).toMatchObject({
        status: 409,
        json: { success: false, code: 'INSUFFICIENT_FUNDS', balance: '0.99' },
      });
      // Nothing was recorded: the same id may be tried again once there is money.
      await fund(app, m.username, '0.01');
      expect((await call(jili, 'bet', bet)).json.value).toMatchObject({ balance: '0.00', duplicate: false });
      await expectLedgerOk(app);
    });

    it('refuses a win without its bet, of another member, of another round, or of a rolled-back bet', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '20.00');
      const other = await player(app, '20.00');
      const round = id('r');
      const win = (extra: Partial<SeamlessBody>) =>
        call(jili, 'win', {
          userName: m.username,
          transactionId: id('win'),
          roundId: round,
          amount: '5.00',
          ...extra,
        });
      expect(await win({})).toMatchObject({ status: 404, json: { code: 'BET_NOT_FOUND' } });
      expect(await win({ refTransactionId: 'never-placed' })).toMatchObject({
        status: 404,
        json: { code: 'BET_NOT_FOUND' },
      });

      const bet = { userName: other.username, transactionId: id('bet'), roundId: round, amount: '1.00' };
      expect((await call(jili, 'bet', bet)).status).toBe(200);
      // The round's only bet is another member's.
      expect(await win({})).toMatchObject({ status: 404, json: { code: 'BET_NOT_FOUND' } });
      expect(await win({ refTransactionId: bet.transactionId })).toMatchObject({
        json: { code: 'BET_NOT_FOUND' },
      });
      // Right member, wrong round.
      expect(
        await call(jili, 'win', {
          ...bet,
          transactionId: id('win'),
          roundId: id('r'),
          refTransactionId: bet.transactionId,
        }),
      ).toMatchObject({ json: { code: 'BET_NOT_FOUND' } });
      // Another vendor's round is not this vendor's.
      const { fc } = await ready;
      expect(await call(fc, 'win', { ...bet, transactionId: id('win') })).toMatchObject({
        json: { code: 'BET_NOT_FOUND' },
      });

      expect(
        (
          await call(jili, 'rollback', {
            ...bet,
            transactionId: id('rb'),
            refTransactionId: bet.transactionId,
          })
        ).status,
      ).toBe(200);
      expect(await call(jili, 'win', { ...bet, transactionId: id('win') })).toMatchObject({
        status: 409,
        json: { code: 'BET_ROLLED_BACK' },
      });
      expect(
        await call(jili, 'win', { ...bet, transactionId: id('win'), refTransactionId: bet.transactionId }),
      ).toMatchObject({ json: { code: 'BET_ROLLED_BACK' } });
      expect(await walletBalance(app, m.authorization)).toBe('20.00');
      expect(await walletBalance(app, other.authorization)).toBe('20.00');
      await expectLedgerOk(app);
    });

    it('rolls back an open bet, refuses one whose round was won, and treats a second rollback as a duplicate', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '3.00' };
      await call(jili, 'bet', bet);
      // The refund is what the bet took, whatever amount the rollback names.
      const rollback = {
        ...bet,
        transactionId: id('rb'),
        refTransactionId: bet.transactionId,
        amount: '9.99',
      };
      expect((await call(jili, 'rollback', rollback)).json.value).toEqual({
        balance: '10.00',
        transactionId: rollback.transactionId,
        duplicate: false,
      });
      expect((await call(jili, 'rollback', rollback)).json.value).toMatchObject({
        balance: '10.00',
        duplicate: true,
      });
      // Another rollback (another id) of the same bet: a duplicate that moves nothing, and stays one.
      const second = { ...rollback, transactionId: id('rb') };
      expect((await call(jili, 'rollback', second)).json.value).toMatchObject({
        balance: '10.00',
        duplicate: true,
      });
      expect((await call(jili, 'rollback', second)).json.value).toMatchObject({
        balance: '10.00',
        duplicate: true,
      });

      const won = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '2.00' };
      await call(jili, 'bet', won);
      await call(jili, 'win', { ...won, transactionId: id('win'), amount: '1.00' });
      expect(
        await call(jili, 'rollback', {
          ...won,
          transactionId: id('rb'),
          refTransactionId: won.transactionId,
        }),
      ).toMatchObject({ status: 409, json: { code: 'BET_ALREADY_SETTLED' } });
      expect(await walletBalance(app, m.authorization)).toBe('9.00');

      expect(await call(jili, 'rollback', { ...won, transactionId: id('rb') })).toMatchObject({
        status: 400,
        json: { code: 'VALIDATION_FAILED', fields: { refTransactionId: expect.any(Array) } },
      });
      // Someone else's bet cannot be rolled back by naming it.
      const other = await player(app, '1.00');
      const theirs = { userName: other.username, transactionId: id('bet'), roundId: id('r'), amount: '1.00' };
      await call(jili, 'bet', theirs);
      expect(
        await call(jili, 'rollback', {
          ...theirs,
          userName: m.username,
          transactionId: id('rb'),
          refTransactionId: theirs.transactionId,
        }),
      ).toMatchObject({ status: 404, json: { code: 'BET_NOT_FOUND' } });
      expect(await walletBalance(app, other.authorization)).toBe('0.00');
      await expectLedgerOk(app);
    });

    it('records a rollback that comes before its bet, so the late bet is refused', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const betId = id('bet');
      const round = id('r');
      const early = {
        userName: m.username,
        transactionId: id('rb'),
        roundId: round,
        amount: '4.00',
        refTransactionId: betId,
      };
      expect((await call(jili, 'rollback', early)).json.value).toEqual({
        balance: '10.00',
        transactionId: early.transactionId,
        duplicate: false,
      });
      const late = await call(jili, 'bet', {
        userName: m.username,
        transactionId: betId,
        roundId: round,
        amount: '4.00',
      });
      expect(late).toMatchObject({ status: 409, json: { code: 'BET_ROLLED_BACK' } });
      // Its win is refused too, and the rollback's replay still answers as before.
      expect(
        await call(jili, 'win', {
          userName: m.username,
          transactionId: id('win'),
          roundId: round,
          amount: '8.00',
        }),
      ).toMatchObject({
        json: { code: 'BET_NOT_FOUND' },
      });
      expect((await call(jili, 'rollback', early)).json.value).toMatchObject({
        balance: '10.00',
        duplicate: true,
      });
      // A second rollback of the bet that never came is a duplicate.
      expect((await call(jili, 'rollback', { ...early, transactionId: id('rb') })).json.value.duplicate).toBe(
        true,
      );
      expect(await walletBalance(app, m.authorization)).toBe('10.00');
      await expectLedgerOk(app);
    });

    it('refuses a replayed transaction id with other content, whatever the action', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '1.00' };
      await call(jili, 'bet', bet);
      const mismatch = { status: 409, json: { code: 'IDEMPOTENCY_MISMATCH' } };
      expect(await call(jili, 'bet', { ...bet, amount: '2.00' })).toMatchObject(mismatch);
      expect(await call(jili, 'bet', { ...bet, roundId: id('r') })).toMatchObject(mismatch);
      expect(await call(jili, 'bet', { ...bet, gameCode: 'OTHER' })).toMatchObject(mismatch);
      // The same id as a win or a rollback is other content too.
      expect(await call(jili, 'win', bet)).toMatchObject(mismatch);
      expect(await call(jili, 'rollback', { ...bet, refTransactionId: bet.transactionId })).toMatchObject(
        mismatch,
      );
      // Another member cannot take over the id.
      const other = await player(app, '10.00');
      expect(await call(jili, 'bet', { ...bet, userName: other.username })).toMatchObject(mismatch);

      const win = { ...bet, transactionId: id('win'), amount: '3.00' };
      await call(jili, 'win', win);
      expect(await call(jili, 'win', { ...win, amount: '30.00' })).toMatchObject(mismatch);
      const rb = { ...bet, transactionId: id('rb'), refTransactionId: 'unknown-bet' };
      await call(jili, 'rollback', rb);
      expect(await call(jili, 'rollback', { ...rb, refTransactionId: 'another-unknown-bet' })).toMatchObject(
        mismatch,
      );
      expect(await walletBalance(app, m.authorization)).toBe('12.00');
      expect(await walletBalance(app, other.authorization)).toBe('10.00');
      await expectLedgerOk(app);
    });

    it('stakes nothing from a closed account but still pays it', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '1.00' };
      await call(jili, 'bet', bet);
      await app.services.db
        .updateTable('members')
        .set({ status: 'disabled' })
        .where('id', '=', m.id)
        .execute();
      expect(await call(jili, 'bet', { ...bet, transactionId: id('bet') })).toMatchObject({
        status: 403,
        json: { code: 'ACCOUNT_UNAVAILABLE' },
      });
      expect((await call(jili, 'bet', bet)).json.value).toMatchObject({ balance: '9.00', duplicate: true });
      expect(
        (await call(jili, 'win', { ...bet, transactionId: id('win'), amount: '5.00' })).json.value.balance,
      ).toBe('14.00');
      expect((await call(jili, 'balance', { userName: m.username })).json.value.balance).toBe('14.00');
      await expectLedgerOk(app);
    });
  });

  describe('replays and races', () => {
    const tenTimes = async (vendor: Vendor, action: 'bet' | 'win' | 'rollback', body: SeamlessBody) => {
      const { app } = await ready;
      const outcomes = await race(10, () => seamlessCall(app, vendor, action, body));
      expect(tally(outcomes, responseLabel)).toEqual({ '200': 10 });
      const values = outcomes.map((o) => (o.ok ? o.value.json().value : undefined));
      expect(values.filter((v) => !v.duplicate)).toHaveLength(1);
      expect(new Set(values.map((v) => v.balance)).size).toBe(1);
      return values[0].balance as string;
    };

    it('moves money once for a bet, a win and a rollback each sent ten times at once', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const round = id('r');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: round, amount: '1.00' };
      expect(await tenTimes(jili, 'bet', bet)).toBe('9.00');
      expect(await tenTimes(jili, 'win', { ...bet, transactionId: id('win'), amount: '4.00' })).toBe('13.00');
      const open = { ...bet, transactionId: id('bet'), roundId: id('r'), amount: '2.00' };
      await call(jili, 'bet', open);
      expect(
        await tenTimes(jili, 'rollback', {
          ...open,
          transactionId: id('rb'),
          refTransactionId: open.transactionId,
        }),
      ).toBe('13.00');
      expect(await walletBalance(app, m.authorization)).toBe('13.00');
      const entries = await app.services.ledger.memberLedger(
        (await app.services.settings.defaultOperator()).id,
        m.username,
        { pageNo: 1, pageSize: 50 },
      );
      // Funding, bet, win, bet, rollback: five entries, whatever was replayed.
      expect(entries.totalCount).toBe(5);
      await expectLedgerOk(app);
    });

    it('lets a win and a rollback of the same bet race: exactly one of them happens', async () => {
      const { app, jili } = await ready;
      const m = await player(app, '10.00');
      const bet = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '2.00' };
      await call(jili, 'bet', bet);
      const outcomes = await race(20, (i) =>
        i % 2 === 0
          ? seamlessCall(app, jili, 'win', {
              ...bet,
              transactionId: id('win'),
              amount: '5.00',
              refTransactionId: bet.transactionId,
            })
          : seamlessCall(app, jili, 'rollback', {
              ...bet,
              transactionId: id('rb'),
              refTransactionId: bet.transactionId,
            }),
      );
      const counts = tally(outcomes, responseLabel);
      const balance = await walletBalance(app, m.authorization);
      if (counts['409 BET_ROLLED_BACK']) {
        // The rollback came first: the stake is back and no win was paid.
        expect(counts).toEqual({ '200': 10, '409 BET_ROLLED_BACK': 10 });
        expect(balance).toBe('10.00');
      } else {
        // A win came first: every win is paid (distinct ids), every rollback refused.
        expect(counts).toEqual({ '200': 10, '409 BET_ALREADY_SETTLED': 10 });
        expect(balance).toBe('58.00');
      }
      await expectLedgerOk(app);
    });

    it('lets a bet and its early rollback race: the member ends where they started or the bet is refunded', async () => {
      const { app, jili } = await ready;
      for (let round = 0; round < 5; round++) {
        const m = await player(app, '10.00');
        const bet = { userName: m.username, transactionId: id('bet'), roundId: id('r'), amount: '3.00' };
        const outcomes = await race(2, (i) =>
          i === 0
            ? seamlessCall(app, jili, 'bet', bet)
            : seamlessCall(app, jili, 'rollback', {
                ...bet,
                transactionId: id('rb'),
                refTransactionId: bet.transactionId,
              }),
        );
        const [betRes, rbRes] = outcomes.map((o) => (o.ok ? o.value : undefined));
        expect(rbRes!.statusCode).toBe(200);
        // Either the rollback refunded the bet, or it left a tombstone and the bet was refused.
        expect([200, 409]).toContain(betRes!.statusCode);
        if (betRes!.statusCode === 409) expect(betRes!.json().code).toBe('BET_ROLLED_BACK');
        expect(await walletBalance(app, m.authorization)).toBe('10.00');
      }
      await expectLedgerOk(app);
    });
  });
});
