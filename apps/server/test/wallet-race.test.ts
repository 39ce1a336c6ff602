import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, fund, seamlessCall, walletBalance } from './support/seamless.ts';

describe.each(DIALECTS)('wallet under load (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    return { app, jili: await connectVendor(app, 'JILI') };
  })();

  it('never overdraws: of 1,000 concurrent bets against one balance exactly floor(balance / stake) succeed', async () => {
    const { app, jili } = await ready;
    const member = await createTestMember(app);
    const balance = parseMoney('100.00')!;
    const stake = parseMoney('0.30')!;
    await fund(app, member.username, formatMoney(balance));
    const round = `r-${randomUUID()}`;

    const outcomes = await race(1000, (i) =>
      seamlessCall(app, jili, 'bet', {
        userName: member.username,
        transactionId: `bet-${round}-${i}`,
        roundId: round,
        amount: formatMoney(stake),
      }),
    );

    const accepted = Math.floor(balance / stake);
    expect(tally(outcomes, responseLabel)).toEqual({
      '200': accepted,
      '409 INSUFFICIENT_FUNDS': 1000 - accepted,
    });
    expect(accepted).toBe(333);
    // Every accepted bet saw a distinct balance on the way down, none below zero.
    const seen = outcomes
      .flatMap((o) => (o.ok && o.value.statusCode === 200 ? [parseMoney(o.value.json().value.balance)!] : []))
      .sort((a, b) => a - b);
    expect(new Set(seen).size).toBe(accepted);
    expect(seen[0]).toBe(balance - accepted * stake);
    expect(await walletBalance(app, member.authorization)).toBe(formatMoney(balance - accepted * stake));
    const operator = await app.services.settings.defaultOperator();
    expect(await app.services.ledger.houseBalance(operator.id, 'vendor:JILI', 'PHP')).toBe(accepted * stake);
    await expectLedgerOk(app);
  });

  it('keeps every balance exact when many members play rounds at once, every call sent twice', async () => {
    const { app, jili } = await ready;
    const members = await Promise.all(Array.from({ length: 20 }, () => createTestMember(app)));
    for (const m of members) await fund(app, m.username, '20.00');

    // Each member plays 10 rounds in order; rounds of different members interleave, and every
    // provider call goes out twice at once, as a provider retrying after a timeout would.
    const twice = async (action: 'bet' | 'win' | 'rollback', body: Parameters<typeof seamlessCall>[3]) => {
      const [a, b] = await race(2, () => seamlessCall(app, jili, action, body));
      const labels = [a!, b!].map(responseLabel);
      expect(labels).toEqual(['200', '200']);
      const duplicates = [a!, b!].map((o) => (o.ok ? o.value.json().value.duplicate : undefined));
      expect(duplicates.filter(Boolean)).toHaveLength(1);
    };
    const expected = new Map<string, number>();
    await Promise.all(
      members.map(async (m, n) => {
        let balance = 2000;
        for (let r = 0; r < 10; r++) {
          const roundId = `r-${randomUUID()}`;
          const stake = 100 + n * 3 + r;
          const bet = {
            userName: m.username,
            transactionId: `b-${roundId}`,
            roundId,
            amount: formatMoney(stake),
          };
          await twice('bet', bet);
          balance -= stake;
          if (r % 3 === 2) {
            await twice('rollback', {
              ...bet,
              transactionId: `rb-${roundId}`,
              refTransactionId: bet.transactionId,
            });
            balance += stake;
          } else {
            const win = Math.floor((stake * (r % 4)) / 2);
            await twice('win', { ...bet, transactionId: `w-${roundId}`, amount: formatMoney(win) });
            balance += win;
          }
        }
        expected.set(m.username, balance);
      }),
    );
    for (const m of members)
      expect(await walletBalance(app, m.authorization)).toBe(formatMoney(expected.get(m.username)!));
    const { entries } = await expectLedgerOk(app);
    expect(entries).toBeGreaterThanOrEqual(20 + 20 * 20);
  });
});
