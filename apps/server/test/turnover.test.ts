import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, deposit, uploadId } from './support/payments.ts';
import { staffHeaders } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * Wagering counts what was staked: a round's stake line, never its net. One rule for the withdrawal
 * turnover, the reward centre's wager mission and every bonus that adds a requirement.
 */
describe.each(DIALECTS)('turnover counts stakes (%s)', (dialect) => {
  let app: App;
  let bank: { id: number };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    bank = await createChannel(app, BANK_CHANNEL);
  }, 120_000);

  it('counts 30 in-house spins of 1.00 as 30.00 of turnover, whatever they paid back', async () => {
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const started = await deposit(app, m, {
      channelId: bank.id,
      amount: '30.00',
      reference: 'T1',
      receiptIds: [receipt],
    });
    expect(started.statusCode, started.body).toBe(200);
    const approved = await app.inject({
      method: 'POST',
      url: `/bo/api/deposits/${started.json().value.depositId}/approve`,
      headers: await staffHeaders(app),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const turnover = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/wps/member/turnover',
          headers: { authorization: m.authorization },
        })
      ).json().value as { required: string; achieved: string; remaining: string };
    expect(await turnover()).toEqual({ required: '30.00', achieved: '0.00', remaining: '30.00' });
    let won = 0;
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/play/api/rounds',
        headers: { authorization: m.authorization },
        payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().value.win !== '0.00') won += 1;
    }
    // Some rounds paid (a fair coin 30 times all tails is one chance in a billion).
    expect(won).toBeGreaterThan(0);
    expect(await turnover()).toEqual({ required: '30.00', achieved: '30.00', remaining: '0.00' });
    await expectLedgerOk(app);
  });
});
