import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Round, RotateResult } from '@playhouse/contract/play';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { fund } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

const DICE = { gameCode: 'DICE', stake: '1.00', options: { target: 50, direction: 'over' } };

/**
 * A seed pair made inside a round that was refused and rolled back must leave nothing behind: on
 * SQLite the next pair takes the same row id, and a cache keyed by that id would draw the next
 * member's rounds from a seed that was never committed to.
 */
describe.each(DIALECTS)('provably fair seeds after a rolled-back round (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  const round = (app: App, authorization: string) =>
    app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      headers: { authorization },
      payload: { ...DICE, requestId: randomUUID() },
    });

  it('draws a new member’s rounds from the seed it published, after a member on a time-out was refused', async () => {
    const app = await ready;
    // A member without a seed pair plays while on a time-out: the round is refused and undone.
    const resting = await createTestMember(app);
    await fund(app, resting.username, '10.00');
    const timeout = await app.inject({
      method: 'POST',
      url: '/wps/member/timeout',
      headers: { authorization: resting.authorization },
      payload: { days: 1 },
    });
    expect(timeout.statusCode, timeout.body).toBe(200);
    const refused = await round(app, resting.authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TIMED_OUT');

    // The next new member plays, reveals the seed and checks every round with it.
    const next = await createTestMember(app);
    await fund(app, next.username, '10.00');
    const played: Round[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await round(app, next.authorization);
      expect(res.statusCode, res.body).toBe(200);
      played.push(res.json().value as Round);
    }
    const rotated = (
      await app.inject({
        method: 'POST',
        url: '/play/api/seeds/rotate',
        headers: { authorization: next.authorization },
        payload: {},
      })
    ).json().value as RotateResult;
    expect(createHash('sha256').update(rotated.previousServerSeed).digest('hex')).toBe(
      played[0]!.serverSeedHash,
    );
    for (const r of played) {
      const verified = await app.inject({
        method: 'POST',
        url: '/play/api/verify',
        payload: {
          gameCode: r.gameCode,
          serverSeed: rotated.previousServerSeed,
          clientSeed: r.clientSeed,
          nonce: r.nonce,
          stake: r.stake,
          options: DICE.options,
        },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().value.outcome.result).toEqual(r.result);
      expect(verified.json().value.outcome.win).toBe(r.win);
    }
    await expectLedgerOk(app);
  });
});
