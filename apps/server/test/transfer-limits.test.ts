import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { fund, transferVendorApp, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestMember } from './support/test-app.ts';

const RACERS = 24;

/**
 * Money sent to a transfer-mode vendor is money the member can stake and lose out of our sight: it
 * counts against the wager and loss allowance left, decided under the member's lock in the hold's
 * own movement, so parallel transfers cannot pass the limit together.
 */
describe.each(DIALECTS)('transfer wallet under wager and loss limits (%s)', (dialect) => {
  const ready = transferVendorApp(dialect).then(({ app }) => app);

  const transferIn = (app: App, authorization: string, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { authorization },
      payload: { vendorCode: 'JILI', requestId: randomUUID(), direction: 'in', amount },
    });

  for (const kind of ['wager', 'loss'] as const) {
    const code = kind === 'wager' ? 'WAGER_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED';

    it(`lets ${RACERS} parallel transfers in move only the ${kind} allowance left`, async () => {
      const app = await ready;
      const m = await createTestMember(app);
      await fund(app, m.username, '500.00');
      const limits = await app.inject({
        method: 'PUT',
        url: '/wps/member/limits',
        headers: { authorization: m.authorization },
        payload: { [kind]: { day: '10.00' } },
      });
      expect(limits.statusCode).toBe(200);
      // One over the allowance at once is refused outright.
      const whole = await transferIn(app, m.authorization, '20.00');
      expect(whole.statusCode).toBe(409);
      expect(whole.json().code).toBe(code);
      const outcomes = await race(RACERS, () => transferIn(app, m.authorization, '2.00'));
      expect(tally(outcomes, responseLabel)).toEqual({ '200': 5, [`409 ${code}`]: RACERS - 5 });
      expect(await walletBalance(app, m.authorization)).toBe('490.00');
      // The allowance is used up here too: an in-house stake is refused.
      const round = await app.inject({
        method: 'POST',
        url: '/play/api/rounds',
        headers: { authorization: m.authorization },
        payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: randomUUID() },
      });
      expect(round.json().code).toBe(code);
      await expectLedgerOk(app);
    });
  }
});
