import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { BANK_CHANNEL, createChannel, uploadId } from './support/payments.ts';
import { staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/** A staff account with `role` and its own session. */
async function staffWithRole(app: App, role: string) {
  const { insertStaff, findStaff } = await import('../src/modules/backoffice/staff.repository.ts');
  const { STAFF_SESSION } = await import('../src/modules/backoffice/staff.service.ts');
  const operator = await app.services.settings.defaultOperator();
  const username = `${role}${randomBytes(3).toString('hex')}`;
  await insertStaff(app.services.db, operator.id, username, 'not-a-hash', role, Date.now());
  const staff = (await findStaff(app.services.db, operator.id, username))!;
  const { token } = await app.services.sessions.create(
    { type: 'staff', id: Number(staff.id), operatorId: operator.id },
    STAFF_SESSION,
    {},
  );
  return { id: Number(staff.id), username, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Money-desk roles (decision 018): admin does everything, finance decides and reads the summary but
 * changes no channel or setting, support only reads the queues; an admin sets roles, audited.
 */
describe.each(DIALECTS)('money-desk roles (%s)', (dialect) => {
  let app: App;
  let channelId: number;
  beforeAll(async () => {
    app = await createTestApp(dialect);
    channelId = (await createChannel(app, BANK_CHANNEL)).id;
  }, 60_000);

  const call = (
    headers: { authorization: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A bank-transfer deposit waiting at the desk. */
  async function waitingDeposit() {
    const m = await createTestMember(app);
    const receipt = await uploadId(app, m.authorization);
    const res = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_deposit',
      headers: { authorization: m.authorization },
      payload: { channelId, amount: '25.00', reference: 'REF-ROLE', receiptIds: [receipt] },
    });
    expect(res.statusCode).toBe(200);
    return { m, depositId: res.json().value.depositId as string };
  }

  it('lets support read the queues only, with a clear 403 for the rest', async () => {
    const support = await staffWithRole(app, 'support');
    const { m, depositId } = await waitingDeposit();
    for (const url of ['/bo/api/deposits', '/bo/api/withdrawals', '/bo/api/identity-documents'])
      expect((await call(support.headers, 'GET', url)).statusCode).toBe(200);
    const refused = [
      await call(support.headers, 'GET', '/bo/api/money-summary'),
      await call(support.headers, 'GET', '/bo/api/payment-channels'),
      await call(support.headers, 'GET', '/bo/api/payment-settings'),
      await call(support.headers, 'GET', '/bo/api/payment-gateways'),
      await call(support.headers, 'POST', `/bo/api/deposits/${depositId}/approve`, {}),
      await call(support.headers, 'POST', `/bo/api/deposits/${depositId}/reject`, { reason: 'no' }),
      await call(support.headers, 'POST', '/bo/api/withdrawals/W1/approve', {}),
      await call(support.headers, 'POST', '/bo/api/withdrawals/W1/reject', { reason: 'no' }),
      await call(support.headers, 'POST', '/bo/api/payment-channels', BANK_CHANNEL),
      await call(support.headers, 'PUT', `/bo/api/payment-channels/${channelId}`, { name: 'x' }),
      await call(support.headers, 'DELETE', `/bo/api/payment-channels/${channelId}`),
      await call(support.headers, 'PUT', '/bo/api/payment-settings', { timeZone: 'UTC' }),
      await call(support.headers, 'PUT', '/bo/api/payment-gateways/REFPAY', {
        baseUrl: 'http://127.0.0.1:1',
        secret: 'x'.repeat(20),
      }),
      await call(support.headers, 'GET', '/bo/api/staff'),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'ROLE_FORBIDDEN' });
      expect(res.json().message).toMatch(/support/);
    }
    expect(await walletBalance(app, m.authorization)).toBe('0.00');
    await expectLedgerOk(app);
  });

  it('lets finance decide and read the summary but not change channels or settings', async () => {
    const finance = await staffWithRole(app, 'finance');
    const { m, depositId } = await waitingDeposit();
    expect((await call(finance.headers, 'GET', '/bo/api/money-summary')).statusCode).toBe(200);
    expect((await call(finance.headers, 'GET', '/bo/api/payment-channels')).statusCode).toBe(200);
    const approved = await call(finance.headers, 'POST', `/bo/api/deposits/${depositId}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(await walletBalance(app, m.authorization)).toBe('25.00');
    for (const res of [
      await call(finance.headers, 'PUT', `/bo/api/payment-channels/${channelId}`, { name: 'x' }),
      await call(finance.headers, 'PUT', '/bo/api/payment-settings', { timeZone: 'UTC' }),
      await call(finance.headers, 'POST', '/bo/api/payment-channels', BANK_CHANNEL),
      await call(finance.headers, 'PUT', `/bo/api/staff/${finance.id}/role`, { role: 'admin' }),
    ])
      expect(res.json().code).toBe('ROLE_FORBIDDEN');
    // Unknown roles get nothing.
    const stranger = await staffWithRole(app, 'intern');
    expect((await call(stranger.headers, 'GET', '/bo/api/deposits')).statusCode).toBe(403);
    await expectLedgerOk(app);
  });

  it('lets an admin set roles (audited), never the owner’s or their own', async () => {
    const admin = await staffWithRole(app, 'admin');
    const target = await staffWithRole(app, 'support');
    const list = await call(admin.headers, 'GET', '/bo/api/staff');
    expect(list.statusCode).toBe(200);
    const owner = list.json().value.find((s: { username: string }) => s.username === 'admin');
    expect(owner).toMatchObject({ role: 'owner' });

    const changed = await call(admin.headers, 'PUT', `/bo/api/staff/${target.id}/role`, { role: 'finance' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value).toMatchObject({ id: target.id, role: 'finance' });
    // The new role takes effect on the next request of the same session.
    expect((await call(target.headers, 'GET', '/bo/api/money-summary')).statusCode).toBe(200);

    expect(
      (await call(admin.headers, 'PUT', `/bo/api/staff/${owner.id}/role`, { role: 'support' })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin.headers, 'PUT', `/bo/api/staff/${admin.id}/role`, { role: 'support' })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin.headers, 'PUT', `/bo/api/staff/${target.id}/role`, { role: 'owner' })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin.headers, 'PUT', '/bo/api/staff/999999/role', { role: 'support' })).statusCode,
    ).toBe(404);

    const audit = await app.inject({
      method: 'GET',
      url: '/bo/api/audit?action=staff.role.changed',
      headers: await staffHeaders(app),
    });
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json().value)).toContain(`staff:${target.id}`);
  });
});
