import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, deposit, paymentMember, uploadId } from './support/payments.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, fund, seamlessCall, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/** Parallel requests per limit kind: a member limit is decided in the same atomic step that writes. */
const RACERS = 60;

/**
 * More sessions of one member, as an attacker signed in on several devices would hold: money routes
 * count their request budget per session, and the race must reach the limit itself.
 */
async function sessionsOf(app: App, memberId: number, count: number): Promise<string[]> {
  const { MEMBER_SESSION } = await import('../src/modules/members/member-auth.service.ts');
  const operator = await app.services.settings.defaultOperator();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const { token } = await app.services.sessions.create(
      { type: 'member', id: memberId, operatorId: operator.id },
      MEMBER_SESSION,
      {},
    );
    out.push(`Bearer ${token}`);
  }
  return out;
}

describe.each(DIALECTS)('member limits under parallel requests (%s)', (dialect) => {
  let app: App;
  let bank: { id: number };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    bank = await createChannel(app, BANK_CHANNEL);
  }, 120_000);

  const setLimits = async (authorization: string, payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/wps/member/limits',
      headers: { authorization },
      payload,
    });
    expect(res.statusCode).toBe(200);
  };
  const approve = async (depositId: string) =>
    app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
  const bankDeposit = (authorization: string, receipt: string, i: number) =>
    deposit(
      app,
      { authorization },
      { channelId: bank.id, amount: '10.00', reference: `R${i}`, receiptIds: [receipt] },
    );

  it('starts only the deposits that fit a deposit limit, waiting ones counted, however many arrive at once', async () => {
    const m = await createTestMember(app);
    await setLimits(m.authorization, { deposit: { day: '100.00' } });
    const receipt = await uploadId(app, m.authorization);
    const devices = await sessionsOf(app, m.id, 6);
    const outcomes = await race(RACERS, (i) => bankDeposit(devices[i % 6]!, receipt, i));
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 10, '409 DEPOSIT_LIMIT_REACHED': RACERS - 10 });
    const ids = outcomes.flatMap((o) =>
      o.ok && o.value.statusCode === 200 ? [o.value.json().value.depositId] : [],
    );
    const credited = await race(ids.length, (i) => approve(ids[i]!));
    expect(tally(credited, responseLabel)).toEqual({ '200': 10 });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });

  it('judges the deposit limit again when crediting, under the same lock', async () => {
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const devices = await sessionsOf(app, m.id, 6);
    const ids: string[] = [];
    for (let i = 0; i < RACERS; i++)
      ids.push((await bankDeposit(devices[i % 6]!, receipt, i)).json().value.depositId);
    // A limit set after the deposits were started applies at once: only what fits is credited.
    await setLimits(m.authorization, { deposit: { day: '100.00' } });
    const credited = await race(RACERS, (i) => approve(ids[i]!));
    expect(tally(credited, responseLabel)).toEqual({ '200': 10, '409 DEPOSIT_LIMIT_REACHED': RACERS - 10 });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    await expectLedgerOk(app);
  });

  it('holds only the withdrawals the daily count allows, with the right fund password on every one', async () => {
    const m = await paymentMember(app);
    const call = (authorization: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
    const set = await call(m.authorization, 'PUT', '/wps/member/fundPassword', {
      newFundPassword: '246810',
      loginPassword: m.password,
    });
    expect(set.statusCode, set.body).toBe(200);
    const card = await call(m.authorization, 'POST', '/wps/relay/MCS2_bankCards', {
      bankName: 'BDO',
      accountNo: '1234 5678 9012',
    });
    expect(card.statusCode, card.body).toBe(200);
    await fund(app, m.username, '10000.00');
    const info = (await call(m.authorization, 'GET', '/wps/transaction/withdraw/info')).json().value;
    const allowed = info.dailyCount.limit as number;
    const devices = await sessionsOf(app, m.id, 6);
    const outcomes = await race(RACERS, (i) =>
      call(devices[i % 6]!, 'POST', '/wps/transaction/withdraw', {
        amount: '100.00',
        bankCardId: card.json().value.bankCardId,
        fundPassword: '246810',
      }),
    );
    // A parallel request with the right fund password is never refused as a guess (RATE_LIMITED).
    expect(tally(outcomes, responseLabel)).toEqual({
      '200': allowed,
      '409 WITHDRAWAL_LIMIT_REACHED': RACERS - allowed,
    });
    expect(await walletBalance(app, m.authorization)).toBe(`${10000 - allowed * 100}.00`);
    await expectLedgerOk(app);
  });

  it('takes only the in-house stakes that fit a wager limit, however many arrive at once', async () => {
    const m = await createTestMember(app);
    await fund(app, m.username, '100.00');
    await setLimits(m.authorization, { wager: { day: '10.00' } });
    const outcomes = await race(RACERS, () =>
      app.inject({
        method: 'POST',
        url: '/play/api/rounds',
        headers: { authorization: m.authorization },
        payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: randomUUID() },
      }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 10, '409 WAGER_LIMIT_REACHED': RACERS - 10 });
    await expectLedgerOk(app);
  });

  it('takes only the provider bets that fit a loss limit, however many arrive at once', async () => {
    const vendor = await connectVendor(app, 'JILI');
    const m = await createTestMember(app);
    await fund(app, m.username, '100.00');
    await setLimits(m.authorization, { loss: { day: '10.00' } });
    const outcomes = await race(RACERS, (i) =>
      seamlessCall(app, vendor, 'bet', {
        userName: m.username,
        transactionId: `loss-${m.id}-${i}`,
        roundId: `round-${m.id}-${i}`,
        amount: '1.00',
      }),
    );
    const labels = tally(outcomes, responseLabel);
    expect(labels['200']).toBe(10);
    expect(await walletBalance(app, m.authorization)).toBe('90.00');
    await expectLedgerOk(app);
  });
});
