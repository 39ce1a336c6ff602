import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectLedgerOk } from './support/ledger.ts';
import { connectVendor, fund, seamlessCall } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * The VIP rank check reads a running wagering total (decision 035): the saved sum up to an entry
 * plus the entries after it, the saved sum moving forward over entries older than ten minutes. The
 * total must always be what summing every stake would say, rollbacks included.
 */
describe.each(DIALECTS)('VIP running wagering total (%s)', (dialect) => {
  it('answers the same turnover as summing every stake, before and after the saved total moves on', async () => {
    const app = await createTestApp(dialect);
    const vendor = await connectVendor(app, 'JILI');
    const member = await createTestMember(app);
    await fund(app, member.username, '100.00');
    const bet = async (amount: string) => {
      const body = {
        userName: member.username,
        transactionId: `t-${randomUUID()}`,
        roundId: `r-${randomUUID()}`,
        amount,
      };
      expect((await seamlessCall(app, vendor, 'bet', body)).statusCode).toBe(200);
      return body;
    };
    const turnover = async () => {
      const res = await app.inject({
        url: '/wps/member/vip',
        headers: { authorization: member.authorization },
      });
      expect(res.statusCode).toBe(200);
      return res.json().value.turnover as string;
    };
    const saved = () =>
      app.services.db
        .selectFrom('vip_turnover')
        .select(['through_entry', 'staked'])
        .where('member_id', '=', member.id)
        .executeTakeFirst();
    // Entries written more than ten minutes ago (as time passing would make them).
    const age = () =>
      app.services.db
        .updateTable('ledger_entries')
        .set((eb) => ({ created_at: eb('created_at', '-', 11 * 60_000) }))
        .where('member_id', '=', member.id)
        .execute();

    const first = await bet('2.00');
    await bet('3.00');
    expect(await turnover()).toBe('5.00');
    expect(await saved()).toBeUndefined();

    await age();
    expect(await turnover()).toBe('5.00');
    const moved = await saved();
    expect(Number(moved?.staked)).toBe(500);

    // After the saved total: a new stake and the rollback of a stake the saved total holds.
    await bet('4.00');
    const rollback = await seamlessCall(app, vendor, 'rollback', {
      userName: member.username,
      transactionId: `rb-${randomUUID()}`,
      roundId: first.roundId,
      amount: '2.00',
      refTransactionId: first.transactionId,
    });
    expect(rollback.statusCode).toBe(200);
    expect(await turnover()).toBe('7.00');
    expect(Number((await saved())?.through_entry)).toBe(Number(moved?.through_entry));

    await age();
    expect(await turnover()).toBe('7.00');
    const again = await saved();
    expect(Number(again?.staked)).toBe(700);
    expect(Number(again?.through_entry)).toBeGreaterThan(Number(moved?.through_entry));
    // Read again with nothing new: the same answer, nothing added twice.
    expect(await turnover()).toBe('7.00');
    expect(Number((await saved())?.staked)).toBe(700);
    await expectLedgerOk(app);
  });
});
