import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import {
  BANK_CHANNEL,
  createChannel,
  paymentMember,
  secondStaff,
  uploadId,
  withGateway,
} from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, fund, seamlessCall, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof paymentMember>>;

/**
 * Withdrawals: bank cards and the payee name, the fund password, the hold at request time, the daily
 * limits and turnover judged under the member's lock, and the money desk's decisions paid out through
 * the reference gateway (a separate process) or returned, each exactly once.
 */
describe.each(DIALECTS)('withdrawals (%s)', (dialect) => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  const ready = (async () => {
    const app = await createTestApp(dialect);
    const setup = await withGateway(app);
    stops.push(() => setup.gateway.stop());
    const res = await app.inject({
      method: 'PUT',
      url: '/bo/api/payment-settings',
      headers: await staffHeaders(app),
      payload: { withdrawal: { min: '10.00', max: '5000.00', dailyCount: 3, dailyAmount: '1000.00' } },
    });
    expect(res.statusCode).toBe(200);
    const bank = await createChannel(app, BANK_CHANNEL);
    return { app, bank, ...setup };
  })();
  // The set-up (an app, a listening server, the gateway process) counts against the hook's time.
  // Not an unhandled rejection when set-up fails: the hook reports it.
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 180_000);

  const as = (m: { authorization: string }) => ({ authorization: m.authorization });
  const call = (
    app: App,
    m: { authorization: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: as(m),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A member with a real name, a fund password, one card and `balance` in the wallet. */
  async function ready_member(app: App, balance = '500.00', accountNo = '1234 5678 9012') {
    const m = await paymentMember(app);
    const set = await call(app, m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '246810',
      loginPassword: m.password,
    });
    expect(set.statusCode).toBe(200);
    const card = await call(app, m, 'POST', '/wps/relay/MCS2_bankCards', { bankName: 'BDO', accountNo });
    expect(card.statusCode).toBe(200);
    if (balance !== '0.00') await fund(app, m.username, balance);
    return { ...m, cardId: card.json().value.bankCardId as number };
  }
  const withdraw = (
    app: App,
    m: Member & { cardId: number },
    amount: string,
    extra: Record<string, unknown> = {},
  ) =>
    call(app, m, 'POST', '/wps/transaction/withdraw', {
      amount,
      bankCardId: m.cardId,
      fundPassword: '246810',
      ...extra,
    });

  it('takes the payee name from the profile and keeps cards to their owner', async () => {
    const { app } = await ready;
    const nameless = await createTestMember(app);
    const refused = await call(app, nameless, 'POST', '/wps/relay/MCS2_bankCards', {
      bankName: 'BDO',
      accountNo: '99887766',
    });
    expect(refused.json().code).toBe('REAL_NAME_REQUIRED');
    expect(
      (await call(app, nameless, 'PUT', '/wps/member/realName', { realName: 'Maria Santos' })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, nameless, 'PUT', '/wps/member/realName', { realName: 'Someone Else' })).json().code,
    ).toBe('CONFLICT');
    const added = await call(app, nameless, 'POST', '/wps/relay/MCS2_bankCards', {
      kind: 'EWALLET',
      bankName: 'GCash',
      accountNo: '0917 123 4567',
    });
    expect(added.json().value).toMatchObject({
      kind: 'EWALLET',
      payeeName: 'Maria Santos',
      accountNoMasked: '**** 4567',
    });
    expect(JSON.stringify(added.json())).not.toContain('09171234567');
    const again = await call(app, nameless, 'POST', '/wps/relay/MCS2_bankCards', {
      kind: 'EWALLET',
      bankName: 'GCash',
      accountNo: '09171234567',
    });
    expect(again.json().code).toBe('BANK_CARD_EXISTS');

    const other = await ready_member(app);
    const cardId = added.json().value.bankCardId;
    // Another member can neither remove nor use it.
    expect(
      (await call(app, other, 'DELETE', `/wps/relay/MCS2_bankCards?bankCardId=${cardId}`)).statusCode,
    ).toBe(404);
    const stolen = await call(app, other, 'POST', '/wps/transaction/withdraw', {
      amount: '20.00',
      bankCardId: cardId,
      fundPassword: '246810',
    });
    expect(stolen.statusCode).toBe(404);
    expect(await walletBalance(app, other.authorization)).toBe('500.00');
    const list = await call(app, other, 'GET', '/wps/relay/MCS2_bankCards');
    expect(list.json().value.map((c: { bankCardId: number }) => c.bankCardId)).toEqual([other.cardId]);
    expect(
      (await call(app, nameless, 'DELETE', `/wps/relay/MCS2_bankCards?bankCardId=${cardId}`)).statusCode,
    ).toBe(200);
    await expectLedgerOk(app);
  });

  it('sets, changes and resets the fund password, throttling wrong tries', async () => {
    const { app } = await ready;
    const m = await paymentMember(app);
    expect((await call(app, m, 'GET', '/wps/member/fundPassword')).json().value.set).toBe(false);
    expect(
      (await call(app, m, 'PUT', '/wps/member/fundPassword', { newFundPassword: '135790' })).statusCode,
    ).toBe(400);
    const wrongLogin = await call(app, m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '135790',
      loginPassword: 'nope-nope',
    });
    expect(wrongLogin.json().code).toBe('OLD_PASSWORD_INCORRECT');
    // The login password itself is refused as the fund password, with the reason in the member's language.
    const sameAsLogin = await app.inject({
      method: 'PUT',
      url: '/wps/member/fundPassword',
      headers: { authorization: m.authorization, language: 'EN' },
      payload: { newFundPassword: m.password, loginPassword: m.password },
    });
    expect(sameAsLogin.statusCode).toBe(400);
    expect(sameAsLogin.json()).toMatchObject({
      code: 'FUND_PASSWORD_SAME_AS_LOGIN',
      message: 'The fund password must be different from your login password.',
    });
    const inArabic = await app.inject({
      method: 'PUT',
      url: '/wps/member/fundPassword',
      headers: { authorization: m.authorization, language: 'AR' },
      payload: { newFundPassword: m.password, loginPassword: m.password },
    });
    expect(inArabic.json().message).toBe('يجب أن تختلف كلمة مرور الأموال عن كلمة مرور تسجيل الدخول.');
    expect((await call(app, m, 'GET', '/wps/member/fundPassword')).json().value.set).toBe(false);
    expect(
      (
        await call(app, m, 'PUT', '/wps/member/fundPassword', {
          newFundPassword: '135790',
          loginPassword: m.password,
        })
      ).statusCode,
    ).toBe(200);
    const stored = await app.services.db
      .selectFrom('fund_passwords')
      .select('password_hash')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    // A change needs the old one; the same again is refused.
    const unchanged = await call(app, m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '135790',
      oldFundPassword: '135790',
    });
    expect(unchanged.json().code).toBe('FUND_PASSWORD_UNCHANGED');
    // Nor can a change (or a reset below) make it the login password.
    const changedToLogin = await call(app, m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: m.password,
      oldFundPassword: '135790',
    });
    expect(changedToLogin.json().code).toBe('FUND_PASSWORD_SAME_AS_LOGIN');
    expect(
      (
        await call(app, m, 'PUT', '/wps/member/fundPassword', {
          newFundPassword: '97531246',
          oldFundPassword: '135790',
        })
      ).statusCode,
    ).toBe(200);

    // Forgot: an SMS code to the bound phone sets a new one.
    expect((await call(app, m, 'POST', '/wps/member/fundPassword/code')).statusCode).toBe(200);
    const sms = (
      await app.inject({ url: '/bo/api/outbox?channel=sms', headers: await staffHeaders(app) })
    ).json().value.list[0];
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    expect(
      (
        await call(app, m, 'POST', '/wps/member/fundPassword/reset', {
          verificationCode: code === '000000' ? '111111' : '000000',
          newFundPassword: '11223344',
        })
      ).json().code,
    ).toBe('VERIFICATION_CODE_ERROR');
    expect(
      (
        await call(app, m, 'POST', '/wps/member/fundPassword/reset', {
          verificationCode: code,
          newFundPassword: m.password,
        })
      ).json().code,
    ).toBe('FUND_PASSWORD_SAME_AS_LOGIN');
    expect(
      (
        await call(app, m, 'POST', '/wps/member/fundPassword/reset', {
          verificationCode: code,
          newFundPassword: '11223344',
        })
      ).statusCode,
    ).toBe(200);

    // Wrong tries: five are free, a sixth is checked and starts a wait, then the member waits
    // (RATE_LIMITED), whatever they type.
    const labels: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(app, m, 'PUT', '/wps/member/fundPassword', {
        newFundPassword: '55667788',
        oldFundPassword: `wrong-${i}`,
      });
      labels.push(res.json().code);
    }
    expect(labels.slice(0, 6)).toEqual(Array(6).fill('FUND_PASSWORD_INCORRECT'));
    expect(labels[6]).toBe('RATE_LIMITED');
    const blocked = await call(app, m, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '55667788',
      oldFundPassword: '11223344',
    });
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('holds the amount at once and refuses over the balance, the range, or with a wrong fund password', async () => {
    const { app } = await ready;
    const m = await ready_member(app, '300.00');
    const noFund = await paymentMember(app);
    expect(
      (
        await call(app, noFund, 'POST', '/wps/transaction/withdraw', {
          amount: '20.00',
          bankCardId: m.cardId,
          fundPassword: 'x',
        })
      ).json().code,
    ).toBe('FUND_PASSWORD_NOT_SET');
    const wrong = await withdraw(app, m, '50.00', { fundPassword: '000000' });
    expect(wrong.json().code).toBe('FUND_PASSWORD_INCORRECT');
    expect((await withdraw(app, m, '5.00')).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    const over = await withdraw(app, m, '300.01');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(app, m.authorization)).toBe('300.00');

    const held = await withdraw(app, m, '120.00');
    expect(held.statusCode).toBe(200);
    expect(held.json().value).toMatchObject({ status: 'PENDING', balance: '180.00' });
    expect(await walletBalance(app, m.authorization)).toBe('180.00');
    const operator = await app.services.settings.defaultOperator();
    expect(await app.services.ledger.houseBalance(operator.id, 'pending', 'PHP')).toBeGreaterThanOrEqual(
      12_000,
    );
    const history = await call(app, m, 'GET', '/wps/transaction/withdrawals');
    expect(history.json().value.list[0]).toMatchObject({
      amount: '120.00',
      status: 'PENDING',
      accountNoMasked: '**** 9012',
    });
    // Another member sees none of it.
    const other = await paymentMember(app);
    expect((await call(app, other, 'GET', '/wps/transaction/withdrawals')).json().value.list).toEqual([]);
    // A retried request (same requestId) holds once.
    const body = { requestId: 'withdraw-retry-1' };
    const a = await withdraw(app, m, '30.00', body);
    const b = await withdraw(app, m, '30.00', body);
    expect(b.json().value.withdrawalId).toBe(a.json().value.withdrawalId);
    expect(await walletBalance(app, m.authorization)).toBe('150.00');
    await expectLedgerOk(app);
  });

  it('keeps the daily count and amount limits under parallel requests', async () => {
    const { app } = await ready;
    const m = await ready_member(app, '2000.00');
    const outcomes = await race(5, () => withdraw(app, m, '100.00'));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 3, '409 WITHDRAWAL_LIMIT_REACHED': 2 });
    expect(await walletBalance(app, m.authorization)).toBe('1700.00');

    const n = await ready_member(app, '2000.00', '5555 6666 7777');
    expect((await withdraw(app, n, '600.00')).statusCode).toBe(200);
    const tooMuch = await withdraw(app, n, '400.01');
    expect(tooMuch.json().code).toBe('WITHDRAWAL_LIMIT_REACHED');
    expect((await withdraw(app, n, '400.00')).statusCode).toBe(200);
    const info = (await call(app, n, 'GET', '/wps/transaction/withdraw/info')).json().value;
    expect(info).toMatchObject({
      balance: '1000.00',
      dailyCount: { limit: 3, used: 2 },
      dailyAmount: { limit: '1000.00', used: '1000.00' },
      fundPasswordSet: true,
      payeeName: 'Juan Dela Cruz',
    });
    await expectLedgerOk(app);
  });

  it('asks for the turnover of deposits before a withdrawal, counted from real stakes', async () => {
    const { app, bank } = await ready;
    const m = await ready_member(app, '0.00', '4444 3333 2222');
    const receipt = await uploadId(app, m.authorization);
    const dep = await call(app, m, 'POST', '/wps/relay/MCS2_deposit', {
      channelId: bank.id,
      amount: '200.00',
      reference: 'T-1',
      receiptIds: [receipt],
    });
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${dep.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    const refused = await withdraw(app, m, '50.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TURNOVER_NOT_MET');
    expect(await walletBalance(app, m.authorization)).toBe('200.00');

    // Stakes through a vendor's seamless wallet count towards it; a rolled-back stake does not.
    const vendor = await connectVendor(app, 'JILI');
    const bet = (id: string, amount: string) =>
      seamlessCall(app, vendor, 'bet', {
        userName: m.username,
        transactionId: id,
        roundId: `r-${id}`,
        amount,
      });
    expect((await bet('t-1', '120.00')).statusCode).toBe(200);
    expect((await bet('t-2', '50.00')).statusCode).toBe(200);
    expect(
      (
        await seamlessCall(app, vendor, 'rollback', {
          userName: m.username,
          transactionId: 'rb-2',
          roundId: 'r-t-2',
          amount: '50.00',
          refTransactionId: 't-2',
        })
      ).statusCode,
    ).toBe(200);
    const partway = (await call(app, m, 'GET', '/wps/member/turnover')).json().value;
    expect(partway).toEqual({ required: '200.00', achieved: '120.00', remaining: '80.00' });
    expect((await withdraw(app, m, '50.00')).json().code).toBe('TURNOVER_NOT_MET');
    expect((await bet('t-3', '80.00')).statusCode).toBe(200);
    expect((await call(app, m, 'GET', '/wps/member/turnover')).json().value.remaining).toBe('0.00');
    // 200 staked of 200 leaves nothing to withdraw: a win brings some back first.
    expect((await withdraw(app, m, '50.00')).json().code).toBe('INSUFFICIENT_FUNDS');
    await seamlessCall(app, vendor, 'win', {
      userName: m.username,
      transactionId: 'w-3',
      roundId: 'r-t-3',
      amount: '90.00',
      refTransactionId: 't-3',
    });
    expect((await withdraw(app, m, '50.00')).statusCode).toBe(200);
    await expectLedgerOk(app);
  });

  it('pays out once when operators approve at the same time, and returns a rejection once', async () => {
    const { app, gateway } = await ready;
    const m = await ready_member(app, '400.00', '8888 1111 2222');
    const first = (await withdraw(app, m, '150.00')).json().value.withdrawalId;
    const second = (await withdraw(app, m, '100.00')).json().value.withdrawalId;
    expect(await walletBalance(app, m.authorization)).toBe('150.00');
    const desks = [await staffHeaders(app), await secondStaff(app)];

    const approvals = await race(6, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/withdrawals/${first}/approve`,
        headers: desks[i % 2]!,
        payload: {},
      }),
    );
    const labels = tally(approvals, responseLabel);
    expect((labels['200'] ?? 0) + (labels['409 ALREADY_DECIDED'] ?? 0)).toBe(6);
    const decided = approvals.filter(
      (o) => o.ok && o.value.statusCode === 200 && o.value.json().value.duplicate === false,
    );
    expect(decided).toHaveLength(1);
    const desk = (
      await app.inject({ method: 'GET', url: '/bo/api/withdrawals?status=APPROVED', headers: desks[0]! })
    ).json().value;
    const paid = desk.list.find((w: { withdrawalId: string }) => w.withdrawalId === first);
    expect(paid).toMatchObject({ status: 'APPROVED', amount: '150.00' });
    expect(paid.payoutReference).toMatch(/^po_/);
    expect(gateway.url).toBeTruthy();

    const rejections = await race(4, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/withdrawals/${second}/reject`,
        headers: desks[i % 2]!,
        payload: { reason: 'name mismatch' },
      }),
    );
    expect(tally(rejections, responseLabel)).toEqual({ '200': 4 });
    expect(rejections.filter((o) => o.ok && o.value.json().value.duplicate === false)).toHaveLength(1);
    expect(await walletBalance(app, m.authorization)).toBe('250.00');
    const late = await app.inject({
      method: 'POST',
      url: `/bo/api/withdrawals/${second}/approve`,
      headers: desks[0]!,
      payload: {},
    });
    expect(late.json().code).toBe('ALREADY_DECIDED');
    const mine = (await call(app, m, 'GET', '/wps/transaction/withdrawals')).json().value.list;
    expect(mine.find((w: { withdrawalId: string }) => w.withdrawalId === second)).toMatchObject({
      status: 'REJECTED',
      reason: 'name mismatch',
    });
    await expectLedgerOk(app);
  });

  it('keeps the amount held when the gateway refuses the payout', async () => {
    const { app } = await ready;
    const m = await ready_member(app, '100.00', '7777 0000');
    const id = (await withdraw(app, m, '60.00')).json().value.withdrawalId;
    const res = await app.inject({
      method: 'POST',
      url: `/bo/api/withdrawals/${id}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PAYOUT_FAILED');
    const pending = (
      await app.inject({
        method: 'GET',
        url: '/bo/api/withdrawals?status=PENDING',
        headers: await staffHeaders(app),
      })
    ).json().value;
    expect(pending.list.find((w: { withdrawalId: string }) => w.withdrawalId === id)).toMatchObject({
      status: 'PENDING',
      reason: 'ACCOUNT_REJECTED',
    });
    expect(await walletBalance(app, m.authorization)).toBe('40.00');
    await app.inject({
      method: 'POST',
      url: `/bo/api/withdrawals/${id}/reject`,
      headers: await staffHeaders(app),
      payload: { reason: 'account closed' },
    });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });
});
