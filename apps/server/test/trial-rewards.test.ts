import { describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@playhouse/contract/account';
import { AppError } from '../src/lib/app-error.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { staffHeaders } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * Trial (free-play) accounts receive no real money: every reward answers FREE_REJECT, and the ledger
 * itself refuses any payment from the house's bonus account to one, whichever feature asks.
 */
describe.each(DIALECTS)('trial accounts and rewards (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const login = await app.inject({
      method: 'POST',
      url: '/bo/api/rewards/missions',
      headers: await staffHeaders(app),
      payload: { type: 'login', target: '1', reward: '3.00', turnoverMultiple: 0 },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { app, loginMission: login.json().value.id as number };
  })();

  it('refuses check-in, missions, promotions, rebate, VIP and referral to a trial account', async () => {
    const { app, loginMission } = await ready;
    const trial = await createTestMember(app, { type: MEMBER_TYPE.TRIAL });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: trial.authorization },
        ...(payload ? { payload } : {}),
      });
    const answers = await Promise.all([
      call('POST', '/wps/rewards/checkin', {}),
      call('POST', `/wps/rewards/missions/${loginMission}/claim`, {}),
      call('POST', '/wps/promotions/apply', { promotionId: 1 }),
      call('POST', '/wps/member/rebate/claim', {}),
      call('GET', '/wps/member/vip'),
      call('GET', '/wps/referral/summary'),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FREE_REJECT');
    }
    // No badge promises a trial account a reward it cannot claim.
    const summary = await call('GET', '/wps/rewards/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().value.unclaimed).toBe(0);
    const wallet = await app.services.ledger.wallet({ memberId: trial.id });
    expect(wallet?.balance ?? 0).toBe(0);

    // A real member still collects the same rewards.
    const real = await createTestMember(app);
    const checkIn = await app.inject({
      method: 'POST',
      url: '/wps/rewards/checkin',
      headers: { authorization: real.authorization },
      payload: {},
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const mission = await app.inject({
      method: 'POST',
      url: `/wps/rewards/missions/${loginMission}/claim`,
      headers: { authorization: real.authorization },
      payload: {},
    });
    expect(mission.statusCode, mission.body).toBe(200);
    await expectLedgerOk(app);
  });

  it('refuses in the ledger any bonus paid to a trial account, whichever feature pays it', async () => {
    const { app } = await ready;
    const trial = await createTestMember(app, { type: MEMBER_TYPE.TRIAL });
    const operator = await app.services.settings.defaultOperator();
    const bonus = (memberId: number, key: string) =>
      app.services.ledger.post({
        operatorId: operator.id,
        kind: 'bonus',
        source: 'test:bonus',
        key,
        requestHash: key,
        memberId,
        currency: 'PHP',
        legs: [
          { member: memberId, amount: 500 },
          { house: 'bonus', amount: -500 },
        ],
        respond: () => ({}),
      });
    const refused = await bonus(trial.id, `trial-${trial.id}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('FREE_REJECT');
    expect((await app.services.ledger.wallet({ memberId: trial.id }))?.balance ?? 0).toBe(0);
    const real = await createTestMember(app);
    expect((await bonus(real.id, `real-${real.id}`)).duplicate).toBe(false);
    await expectLedgerOk(app);
  });
});
