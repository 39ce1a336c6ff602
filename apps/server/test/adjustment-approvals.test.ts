import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race } from './support/race.ts';
import { walletBalance } from './support/seamless.ts';
import { createStaff, type StaffSession } from './support/staff.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';

/**
 * Adjustments above the operator's threshold wait for a second member of staff (issue 29): the one who
 * asked cannot approve, parallel approvals move the money once, a rejection moves nothing.
 */
describe.each(DIALECTS)('adjustments with a second approval (%s)', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  let finance: StaffSession;
  let finance2: StaffSession;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
    finance = await createStaff(app, 'finance', owner);
    finance2 = await createStaff(app, 'finance', owner);
    const set = await app.inject({
      method: 'PUT',
      url: '/bo/api/payment-settings',
      headers: owner,
      payload: { adjustments: { approvalAbove: '100.00' } },
    });
    expect(set.json().value.adjustments).toEqual({ approvalAbove: '100.00' });
  }, 120_000);

  const adjust = (headers: { authorization: string }, body: object) =>
    app.inject({ method: 'POST', url: '/bo/api/wallet/adjustments', headers, payload: body });
  const decide = (
    headers: { authorization: string },
    id: number,
    action: 'approve' | 'reject',
    body?: object,
  ) =>
    app.inject({
      method: 'POST',
      url: `/bo/api/wallet/adjustment-requests/${id}/${action}`,
      headers,
      ...(body ? { payload: body } : {}),
    });

  it('moves an adjustment up to the threshold at once and holds a larger one for approval', async () => {
    const m = await createTestMember(app);
    const small = await adjust(finance.headers, {
      userName: m.username,
      amount: '100.00',
      reason: 'goodwill',
    });
    expect(small.json().value).toMatchObject({ balance: '100.00', duplicate: false });
    const large = await adjust(finance.headers, {
      userName: m.username,
      amount: '500.00',
      reason: 'big goodwill',
      idempotencyKey: `big-${dialect}`,
    });
    expect(large.json().value).toMatchObject({ pending: true, amount: '500.00' });
    expect(await walletBalance(app, m.authorization)).toBe('100.00');
    // A replay of the same key is the same request, not a second one.
    const replay = await adjust(finance.headers, {
      userName: m.username,
      amount: '500.00',
      reason: 'big goodwill',
      idempotencyKey: `big-${dialect}`,
    });
    expect(replay.json().value.requestId).toBe(large.json().value.requestId);
    // The same key with another amount or reason is another request: refused, nothing recorded.
    for (const changed of [{ amount: '501.00' }, { reason: 'other goodwill' }]) {
      const mismatch = await adjust(finance.headers, {
        userName: m.username,
        amount: '500.00',
        reason: 'big goodwill',
        idempotencyKey: `big-${dialect}`,
        ...changed,
      });
      expect(mismatch.statusCode).toBe(409);
      expect(mismatch.json().code).toBe('IDEMPOTENCY_MISMATCH');
    }
    const id = large.json().value.requestId as number;

    // The one who asked may not approve.
    const own = await decide(finance.headers, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('SECOND_APPROVER_REQUIRED');

    // A hundred approvals at once by two others: the money moves once.
    const outcomes = await race(100, (i) => decide(i % 2 ? finance2.headers : owner, id, 'approve'));
    const answers = outcomes.map((o) => (o.ok ? o.value.json() : { code: 'THREW' }));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'ALREADY_DECIDED')).toBe(true);
    expect(await walletBalance(app, m.authorization)).toBe('600.00');
    const list = await app.inject({
      method: 'GET',
      url: '/bo/api/wallet/adjustment-requests',
      headers: owner,
    });
    expect(list.json().value.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'approved',
      requestedBy: finance.username,
    });
    expect((await decide(owner, id, 'reject', { note: 'late' })).json().code).toBe('ALREADY_DECIDED');
    await expectLedgerOk(app);
  });

  it('moves nothing for a rejected request and keeps debits above zero on approval', async () => {
    const m = await createTestMember(app);
    const debit = await adjust(owner, { userName: m.username, amount: '-250.00', reason: 'chargeback' });
    const id = debit.json().value.requestId as number;
    const refused = await decide(finance.headers, id, 'approve');
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(
      (await decide(finance.headers, id, 'reject', { note: 'nothing to take' })).json().value.status,
    ).toBe('rejected');
    expect((await decide(finance2.headers, id, 'approve')).json().code).toBe('ALREADY_DECIDED');
    expect(await walletBalance(app, m.authorization)).toBe('0.00');
    const audit = await app.inject({ method: 'GET', url: '/bo/api/audit?pageSize=200', headers: owner });
    const actions = (audit.json().value.list as { action: string }[]).map((e) => e.action);
    for (const action of [
      'wallet.adjustment.requested',
      'wallet.adjustment.approved',
      'wallet.adjustment.rejected',
    ])
      expect(actions).toContain(action);
    await expectLedgerOk(app);
  });

  it('lets support neither ask nor approve', async () => {
    const support = await createStaff(app, 'support', owner);
    expect((await adjust(support.headers, { userName: 'x', amount: '1.00', reason: 'r' })).json().code).toBe(
      'ROLE_FORBIDDEN',
    );
    expect((await decide(support.headers, 1, 'approve')).json().code).toBe('ROLE_FORBIDDEN');
  });
});
