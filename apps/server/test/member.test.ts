import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { MEMBER_SESSION } from '../src/modules/members/member-auth.service.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

const EN = { language: 'EN' };

async function extraSession(app: App, memberId: number) {
  const operator = await app.services.settings.defaultOperator();
  const { token } = await app.services.sessions.create(
    { type: 'member', id: memberId, operatorId: operator.id },
    MEMBER_SESSION,
    { ip: '203.0.113.57', userAgent: 'Mozilla/5.0 (iPhone)', device: 'OTHERS' },
  );
  return `Bearer ${token}`;
}

const get = (app: App, url: string, authorization?: string) =>
  app.inject({ url, headers: { ...EN, ...(authorization ? { authorization } : {}) } });

const signedIn = async (app: App, authorization: string) =>
  (await get(app, '/wps/member/info/renewed', authorization)).statusCode === 200;

describe.each(DIALECTS)('member centre on %s', (dialect) => {
  it("shows only the signed-in member's own profile, with contact details masked", async () => {
    const app = await createTestApp(dialect);
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    await app.services.db
      .updateTable('members')
      .set({ email: 'alice.smith@example.com', mobile_num: '9171234567', country_dialing_code: '+63' })
      .where('id', '=', a.id)
      .execute();

    expect((await get(app, '/wps/member/info/renewed')).json().code).toBe('NOT_LOGGED_IN');
    expect((await get(app, '/wps/member/info/renewed', 'Bearer x'.padEnd(40, 'x'))).statusCode).toBe(401);

    const mine = (await get(app, '/wps/member/info/renewed', a.authorization)).json().value;
    expect(mine).toMatchObject({
      id: a.id,
      account: a.username,
      nickname: null,
      headIcon: 'a01',
      type: 0,
      toUpline: false,
      email: 'al***@example.com',
      mobileNum: '****4567',
      countryDialingCode: '+63',
    });
    expect(mine.regDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const theirs = (await get(app, '/wps/member/info/renewed', b.authorization)).json().value;
    expect(theirs.id).toBe(b.id);
    expect(theirs.email).toBeNull();
  });

  it('changes the nickname by the operator rule, as JSON or form', async () => {
    const app = await createTestApp(dialect);
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/wps/member/info/nickname',
      headers: { ...EN, authorization: a.authorization },
      payload: { nickname: '  Lucky Star ' },
    });
    expect(put.json()).toEqual({ success: true, value: { nickname: 'Lucky Star' } });
    const post = await app.inject({
      method: 'POST',
      url: '/wps/member/info/nickname',
      headers: { ...EN, authorization: a.authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nickname=Ana-Marie',
    });
    expect(post.statusCode).toBe(200);
    expect((await get(app, '/wps/member/info/renewed', a.authorization)).json().value.nickname).toBe(
      'Ana-Marie',
    );
    // Only A changed.
    expect((await get(app, '/wps/member/info/renewed', b.authorization)).json().value.nickname).toBeNull();

    const cases: [unknown, string, string][] = [
      [{ nickname: 'x'.repeat(31) }, 'nickname', 'Enter at most 30 characters'],
      [{ nickname: '<script>' }, 'nickname', 'Name format is not valid'],
      [{ nickname: '' }, 'nickname', 'This field is required'],
      [{ nickname: 'Ok', id: b.id }, 'id', 'This field is not accepted'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await app.inject({
        method: 'PUT',
        url: '/wps/member/info/nickname',
        headers: { ...EN, authorization: a.authorization },
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toEqual([message]);
    }
    const guest = await app.inject({
      method: 'PUT',
      url: '/wps/member/info/nickname',
      payload: { nickname: 'Ok' },
    });
    expect(guest.statusCode).toBe(401);
    const trial = await createTestMember(app, { type: 4 });
    const refused = await app.inject({
      method: 'PUT',
      url: '/wps/member/info/nickname',
      headers: { authorization: trial.authorization },
      payload: { nickname: 'Trial' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('sets the head icon from the built-in set only', async () => {
    const app = await createTestApp(dialect);
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const initial = (await get(app, '/wps/member/info/icon', a.authorization)).json().value;
    expect(initial.headIcon).toBe('a01');
    expect(initial.choices).toHaveLength(12);

    const set = (authorization: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/wps/member/info/icon',
        headers: { ...EN, authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await set(a.authorization, 'headIcon=a07')).json().value.headIcon).toBe('a07');
    expect((await get(app, '/wps/member/info/icon', a.authorization)).json().value.headIcon).toBe('a07');
    expect((await get(app, '/wps/member/info/icon', b.authorization)).json().value.headIcon).toBe('a01');
    for (const payload of ['headIcon=https%3A%2F%2Fevil.example%2Fx.png', 'headIcon=', '']) {
      const bad = await set(a.authorization, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('headIcon');
    }
    expect((await get(app, '/wps/member/info/icon')).statusCode).toBe(401);
  });

  it("lists and ends the member's own sessions; another member's session is NOT_FOUND", async () => {
    const app = await createTestApp(dialect);
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const aPhone = await extraSession(app, a.id);
    const aTablet = await extraSession(app, a.id);

    const list = (await get(app, '/wps/member/sessions', a.authorization)).json().value.list as {
      id: number;
      current: boolean;
      ip: string | null;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => s.ip)?.ip).toBe('203.0.113.x');
    const bList = (await get(app, '/wps/member/sessions', b.authorization)).json().value.list as {
      id: number;
    }[];
    expect(bList).toHaveLength(1);

    const del = (authorization: string, id: number | string) =>
      app.inject({ method: 'DELETE', url: `/wps/member/sessions/${id}`, headers: { ...EN, authorization } });

    // B cannot end A's sessions, and cannot tell them apart from ids that do not exist.
    const aOther = list.find((s) => !s.current)!;
    const foreign = await del(b.authorization, aOther.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await del(b.authorization, 999999)).json()).toEqual(foreign.json());
    expect(await signedIn(app, aPhone)).toBe(true);
    expect(await signedIn(app, aTablet)).toBe(true);

    expect((await del(a.authorization, aOther.id)).json()).toEqual({ success: true, value: { revoked: 1 } });
    expect((await del(a.authorization, aOther.id)).statusCode).toBe(404);
    const remaining = [await signedIn(app, aPhone), await signedIn(app, aTablet)];
    expect(remaining.filter(Boolean)).toHaveLength(1);

    const others = await app.inject({
      method: 'DELETE',
      url: '/wps/member/sessions',
      headers: { authorization: a.authorization },
    });
    expect(others.json().value.revoked).toBe(1);
    expect(await signedIn(app, aPhone)).toBe(false);
    expect(await signedIn(app, aTablet)).toBe(false);
    expect(await signedIn(app, a.authorization)).toBe(true);
    expect(await signedIn(app, b.authorization)).toBe(true);

    for (const id of ['abc', '0', '-1', '1.5']) {
      const bad = await del(a.authorization, id);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('id');
    }
    expect((await get(app, '/wps/member/sessions')).statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('member account status on %s', (dialect) => {
  it('disabling an account ends all its sessions at once; only staff can, and it is audited', async () => {
    const app = await createTestApp(dialect);
    const staff = await staffAuth(app);
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const aPhone = await extraSession(app, a.id);
    const setStatus = (id: number | string, payload: unknown, headers: Record<string, string> = staff) =>
      app.inject({
        method: 'PUT',
        url: `/bo/api/members/${id}/status`,
        headers: { ...EN, ...headers },
        payload: payload as object,
      });

    expect((await setStatus(a.id, { status: 'disabled' }, {})).statusCode).toBe(401);
    expect(
      (await setStatus(a.id, { status: 'disabled' }, { authorization: a.authorization })).statusCode,
    ).toBe(401);
    expect(await signedIn(app, a.authorization)).toBe(true);

    const res = await setStatus(a.id, { status: 'disabled' });
    expect(res.json()).toEqual({
      success: true,
      value: { id: a.id, status: 'disabled', revokedSessions: 2 },
    });
    expect(await signedIn(app, a.authorization)).toBe(false);
    expect(await signedIn(app, aPhone)).toBe(false);
    expect(await signedIn(app, b.authorization)).toBe(true);

    const audit = (await app.inject({ url: '/bo/api/audit?action=member.status', headers: staff })).json()
      .value;
    expect(audit.list[0]).toMatchObject({
      actorType: 'staff',
      target: `member:${a.id}`,
      detail: { from: 'active', to: 'disabled', revokedSessions: 2 },
    });

    // Reopened, the account can sign in again, but the old sessions stay ended.
    expect((await setStatus(a.id, { status: 'active' })).json().value.revokedSessions).toBe(0);
    expect(await signedIn(app, a.authorization)).toBe(false);
    expect(await signedIn(app, await extraSession(app, a.id))).toBe(true);

    expect((await setStatus(999999, { status: 'disabled' })).statusCode).toBe(404);
    const bad = await setStatus(a.id, { status: 'banned' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('status');
    expect((await setStatus('x', { status: 'active' })).statusCode).toBe(400);
  });
});
