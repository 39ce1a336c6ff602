import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLES,
  STAFF_PERMISSIONS,
  staffCan,
  type RoutePermission,
} from '@playhouse/contract/staff-permissions';
import { readFileSync } from 'node:fs';
import type { App } from '../src/app.ts';
import { permissionMatrixIn, permissionMatrixMarkdown } from '../src/plugins/staff-permissions.ts';
import { createStaff, type StaffSession } from './support/staff.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, createTestApp, staffAuth } from './support/test-app.ts';

/** A value for each path parameter the back office names, so a route's own checks come after ours. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: '999999',
  code: 'JILI',
  provider: 'google',
  userName: 'nobody',
  level: '9',
};
const concrete = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

/**
 * The permission matrix (docs/security.md): every back-office route declares its permission where it
 * is declared, and every role is let through or refused (403 ROLE_FORBIDDEN) exactly as the matrix in
 * the contract says, route by route.
 */
describe.each(DIALECTS)('back-office permission matrix (%s)', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  const staff: Record<string, StaffSession> = {};

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
    for (const role of ASSIGNABLE_ROLES) staff[role] = await createStaff(app, role, owner);
  }, 120_000);

  const routes = () =>
    app
      .declaredStaffRoutes()
      .filter((r) => r.method !== 'HEAD')
      .map((r) => ({ ...r, permission: r.permission }));

  it('declares a known permission on every /bo/api route, and documents it', async () => {
    const declared = routes();
    expect(declared.length).toBeGreaterThan(80);
    const known = new Set<string>([...STAFF_PERMISSIONS, 'public', 'session']);
    for (const r of declared) expect(known, `${r.method} ${r.url}`).toContain(r.permission);
    // Every back-office operation in the API description is a declared route, with its permission.
    const spec = app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/bo/api/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(documented.length).toBe(declared.length);
    const keys = new Set(declared.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`));
    for (const { path, method, op } of documented) {
      expect(keys, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
      expect(op.description ?? '', `${method} ${path}`).toMatch(/Permission: `[a-z.]+`/);
    }
  });

  it('is the matrix docs/security.md shows (npm run docs:permissions)', () => {
    const page = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
    const normal = (text: string | undefined) =>
      (text ?? '')
        .replace(/:?-{3,}:?/g, '---')
        .replace(/\s+/g, ' ')
        .replace(/ \| /g, '|');
    expect(normal(permissionMatrixIn(page))).toBe(
      normal(permissionMatrixMarkdown(app.declaredStaffRoutes())),
    );
  });

  it('refuses every route but sign-in to a caller without a session', async () => {
    for (const r of routes()) {
      if (r.permission === 'public') continue;
      const res = await app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe('NOT_LOGGED_IN');
    }
  });

  it('lets each role through exactly where the matrix grants it, and answers ROLE_FORBIDDEN elsewhere', async () => {
    const checked: string[] = [];
    for (const role of ASSIGNABLE_ROLES) {
      for (const r of routes()) {
        if (r.permission === 'public' || r.permission === 'session') continue;
        const res = await app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: staff[role]!.headers,
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${role}: ${r.method} ${r.url}`;
        if (staffCan(role, r.permission as RoutePermission)) {
          expect(res.statusCode, where).not.toBe(401);
          // A download (the reports' CSV) answers its file, not an envelope.
          if (String(res.headers['content-type']).includes('json'))
            expect(res.json().code ?? null, where).not.toBe('ROLE_FORBIDDEN');
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json(), where).toMatchObject({ code: 'ROLE_FORBIDDEN', role, permission: r.permission });
        }
        checked.push(where);
      }
    }
    // Support and marketing are refused vendors, settings changes, staff, audit and the outbox.
    for (const role of ['support', 'marketing', 'finance'])
      for (const permission of [
        'vendors.write',
        'settings.write',
        'staff.write',
        'audit.read',
        'outbox.read',
      ])
        expect(staffCan(role, permission as RoutePermission), `${role} ${permission}`).toBe(false);
    expect(checked.length).toBeGreaterThan(300);
  });

  it('holds a must-change-password session to the password change', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/staff',
      headers: owner,
      payload: { userName: `fresh${dialect}`, password: 'a-given-password-1', role: 'admin' },
    });
    expect(created.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/bo/api/session',
      payload: { username: `fresh${dialect}`, password: 'a-given-password-1' },
    });
    expect(login.json().value.passwordChangeRequired).toBe(true);
    const headers = { authorization: `Bearer ${login.json().value.token}` };
    for (const r of routes()) {
      if (r.permission === 'public' || r.permission === 'session') continue;
      const res = await app.inject({ method: r.method as 'GET', url: concrete(r.url), headers, payload: {} });
      expect(res.json().code, `${r.method} ${r.url}`).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const me = await app.inject({ method: 'GET', url: '/bo/api/session', headers });
    expect(me.json().value).toMatchObject({ role: 'admin', passwordChangeRequired: true });
  });
});

/**
 * The first finding, replayed: lesser staff moved money and changed a vendor's wallet secret.
 * Each attempt is now refused before anything happens.
 */
describe.each(DIALECTS)('lesser staff cannot move money or change vendors (%s)', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
  }, 60_000);

  it('refuses support an adjustment, a bonus approval and a vendor secret; finance a vendor secret', async () => {
    const support = await createStaff(app, 'support', owner);
    const finance = await createStaff(app, 'finance', owner);
    const adjust = await app.inject({
      method: 'POST',
      url: '/bo/api/wallet/adjustments',
      headers: support.headers,
      payload: { userName: 'anyone', amount: '500.00', reason: 'gift' },
    });
    expect(adjust.statusCode).toBe(403);
    expect(adjust.json().code).toBe('ROLE_FORBIDDEN');
    const approve = await app.inject({
      method: 'POST',
      url: '/bo/api/promotion-applications/1/approve',
      headers: support.headers,
      payload: {},
    });
    expect(approve.json().code).toBe('ROLE_FORBIDDEN');
    for (const who of [support, finance]) {
      const vendor = await app.inject({
        method: 'PUT',
        url: '/bo/api/vendors/JILI',
        headers: who.headers,
        payload: { secret: 'x'.repeat(32) },
      });
      expect(vendor.statusCode).toBe(403);
      expect(vendor.json().code).toBe('ROLE_FORBIDDEN');
    }
    const audit = await app.inject({ method: 'GET', url: '/bo/api/audit?pageSize=200', headers: owner });
    const actions = (audit.json().value.list as { action: string }[]).map((e) => e.action);
    expect(actions).not.toContain('wallet.adjustment');
    expect(actions).not.toContain('vendor.updated');
  });
});

/** Staff accounts as owners and admins manage them (issue 29), and one's own password. */
describe.each(DIALECTS)('staff accounts (%s)', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
  }, 60_000);

  const call = (
    headers: { authorization: string } | undefined,
    method: string,
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { language: 'en', ...headers },
      ...(payload ? { payload } : {}),
    });

  it('creates accounts under the staff password policy and refuses a taken name', async () => {
    const base = { role: 'support' };
    const tooShort = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'shorty',
      password: 'zq-Wk7#pL',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields.password).toEqual(['Enter at least 12 characters']);
    const common = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'common',
      password: '1qaz2wsx3edc',
    });
    expect(common.json().fields.password).toContain('This password is too common. Choose a harder one');
    const same = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'samename.x',
      password: 'samename.x',
    });
    expect(same.json().fields.password).toContain('The password must not be the same as the username');
    const owned = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'owner',
      password: 'a-fine-password-9',
      role: 'owner',
    });
    expect(owned.statusCode).toBe(400);
    const ok = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'desk.one',
      password: 'a-fine-password-9',
    });
    expect(ok.statusCode).toBe(200);
    const taken = await call(owner, 'POST', '/bo/api/staff', {
      ...base,
      userName: 'desk.one',
      password: 'another-password-9',
    });
    expect(taken.json().fields.userName).toEqual(['Sorry, the username already exists.']);
    const list = (await call(owner, 'GET', '/bo/api/staff')).json().value as {
      username: string;
      mustChangePassword: boolean;
      role: string;
    }[];
    expect(list.find((s) => s.username === 'desk.one')).toMatchObject({
      role: 'support',
      mustChangePassword: true,
    });
    expect(list.find((s) => s.username === 'admin')).toMatchObject({
      role: 'owner',
      mustChangePassword: false,
    });
  });

  it('disables, resets, signs out and re-enables, never on the owner or oneself', async () => {
    const admin = await createStaff(app, 'admin', owner);
    const target = await createStaff(app, 'finance', owner);
    const me = (await call(target.headers, 'GET', '/bo/api/session')).statusCode;
    expect(me).toBe(200);
    // Nobody acts on the owner (id of `admin`) or on themselves through these routes.
    const ownerId = (
      (await call(owner, 'GET', '/bo/api/staff')).json().value as { id: number; role: string }[]
    ).find((s) => s.role === 'owner')!.id;
    for (const [method, path, payload] of [
      ['PUT', 'status', { disabled: true }],
      ['PUT', 'role', { role: 'support' }],
      ['POST', 'password', { password: 'another-fine-pass-1' }],
      ['POST', '2fa/reset', undefined],
      ['POST', 'sessions/revoke', undefined],
    ] as const) {
      expect(
        (await call(admin.headers, method, `/bo/api/staff/${ownerId}/${path}`, payload)).json().code,
      ).toBe('FORBIDDEN');
      expect(
        (await call(admin.headers, method, `/bo/api/staff/${admin.id}/${path}`, payload)).json().code,
      ).toBe('FORBIDDEN');
    }
    // Sign out everywhere ends the session.
    expect((await call(admin.headers, 'POST', `/bo/api/staff/${target.id}/sessions/revoke`)).statusCode).toBe(
      200,
    );
    expect((await call(target.headers, 'GET', '/bo/api/session')).statusCode).toBe(401);
    // Disabled: no sign-in.
    const disabled = await call(admin.headers, 'PUT', `/bo/api/staff/${target.id}/status`, {
      disabled: true,
    });
    expect(disabled.json().value.disabled).toBe(true);
    const refused = await call(undefined, 'POST', '/bo/api/session', {
      username: target.username,
      password: target.password,
    });
    expect(refused.json().code).toBe('INVALID_CREDENTIALS');
    await call(admin.headers, 'PUT', `/bo/api/staff/${target.id}/status`, { disabled: false });
    // A reset password must be changed at the next sign-in, and the old one no longer works.
    const reset = await call(admin.headers, 'POST', `/bo/api/staff/${target.id}/password`, {
      password: 'a-reset-password-7',
    });
    expect(reset.json().value.mustChangePassword).toBe(true);
    expect(
      (
        await call(undefined, 'POST', '/bo/api/session', {
          username: target.username,
          password: target.password,
        })
      ).statusCode,
    ).toBe(401);
    const again = await call(undefined, 'POST', '/bo/api/session', {
      username: target.username,
      password: 'a-reset-password-7',
    });
    expect(again.json().value.passwordChangeRequired).toBe(true);
    const audit = await call(owner, 'GET', '/bo/api/audit?pageSize=200');
    const actions = (audit.json().value.list as { action: string }[]).map((e) => e.action);
    for (const action of [
      'staff.created',
      'staff.password.changed',
      'staff.sessions.revoked',
      'staff.disabled',
      'staff.enabled',
      'staff.password.reset',
    ])
      expect(actions).toContain(action);
  });

  it("changes one's own password with the current one, ending the other sessions", async () => {
    const self = await createStaff(app, 'marketing', owner);
    const other = await call(undefined, 'POST', '/bo/api/session', {
      username: self.username,
      password: self.password,
    });
    const otherHeaders = { authorization: `Bearer ${other.json().value.token}` };
    const wrong = await call(self.headers, 'POST', '/bo/api/session/password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-brand-new-pass-3',
    });
    expect(wrong.json().code).toBe('OLD_PASSWORD_INCORRECT');
    const unchanged = await call(self.headers, 'POST', '/bo/api/session/password', {
      currentPassword: self.password,
      newPassword: self.password,
    });
    expect(unchanged.json().code).toBe('PASSWORD_UNCHANGED');
    const changed = await call(self.headers, 'POST', '/bo/api/session/password', {
      currentPassword: self.password,
      newPassword: 'a-brand-new-pass-3',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(self.headers, 'GET', '/bo/api/session')).statusCode).toBe(200);
    expect((await call(otherHeaders, 'GET', '/bo/api/session')).statusCode).toBe(401);
  });

  it('keeps the owner account working with the password it was given by the environment', async () => {
    const res = await call(undefined, 'POST', '/bo/api/session', {
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(res.json().value.passwordChangeRequired).toBeUndefined();
  });
});
