import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@playhouse/contract/live';
import type { App } from '../src/app.ts';
import { GOOD_PASSWORD, login, registerMember } from './support/auth-client.ts';
import { openLive, tokenOf } from './support/live-client.ts';
import { listenForReal } from './support/reference-provider.ts';
import { createStaff, type StaffSession } from './support/staff.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

/**
 * The back office's member desk (issue 23): search by each identifier, the member's page, ending a
 * session (the member's token is refused at once), notes and tags, and what staff did, all within the
 * staff member's operator, with the permission matrix and clear validation errors.
 */
describe.each(DIALECTS)('member desk on %s', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  let support: StaffSession;
  let marketing: StaffSession;
  let alice: { id: number; username: string; token: string };
  let otherMemberId: number;
  const mobile = `917${String(Date.now()).slice(-7)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
    support = await createStaff(app, 'support', owner);
    marketing = await createStaff(app, 'marketing', owner);
    const reg = await registerMember(app);
    const signedIn = await login(app, { username: reg.username, password: GOOD_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const db = app.services.db;
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', reg.username)
      .executeTakeFirstOrThrow();
    alice = { id: Number(row.id), username: reg.username, token: signedIn.json().value.token };
    await db
      .updateTable('members')
      .set({
        mobile_num: mobile,
        country_dialing_code: '63',
        email: 'Alice.Desk@Example.com',
        real_name: 'Alice Desk',
        affiliate_code: 'AGENT7',
      })
      .where('id', '=', alice.id)
      .execute();
    // The same number at another operator: never seen from this one.
    const other = await db
      .insertInto('operators')
      .values({ code: `desk-${dialect}`, name: 'Other', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('members')
      .values({
        operator_id: Number(other.id),
        username: 'elsewhere',
        type: 0,
        status: 'active',
        currency: 'PHP',
        first_time_login: 0,
        created_at: Date.now(),
        mobile_num: mobile,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherMemberId = Number(inserted.id);
  }, 120_000);

  const get = (url: string, headers: { authorization: string } = owner) => app.inject({ url, headers });

  it('finds the member by each identifier, only within the operator', async () => {
    for (const [field, q] of [
      ['mobile', mobile],
      ['mobile', `+${mobile.slice(0, 3)} ${mobile.slice(3)}`],
      ['userName', alice.username.toUpperCase()],
      ['email', 'alice.desk@example.COM'],
      ['realName', 'alice desk'],
      ['affiliateCode', 'AGENT7'],
      ['ip', '127.0.0.1'],
    ] as const) {
      const res = await get(`/bo/api/members?field=${field}&q=${encodeURIComponent(q)}`, support.headers);
      expect(res.statusCode, `${field} ${q}`).toBe(200);
      const page = res.json().value;
      expect(
        page.list.map((m: { id: number }) => m.id),
        `${field} ${q}`,
      ).toContain(alice.id);
      expect(page.list.map((m: { id: number }) => m.id)).not.toContain(otherMemberId);
    }
    const byMobile = (await get(`/bo/api/members?field=mobile&q=${mobile}`)).json().value;
    expect(byMobile).toMatchObject({ totalCount: 1, pageNo: 1, totalPages: 1 });
    expect(byMobile.list[0]).toMatchObject({
      userName: alice.username,
      mobile,
      realName: 'Alice Desk',
      status: 'active',
    });
    expect(res404(await get(`/bo/api/members/${otherMemberId}`))).toBe(true);
    expect(res404(await get(`/bo/api/members/${otherMemberId}/sessions`))).toBe(true);
  });

  it('refuses malformed searches and bodies with 400 and the field', async () => {
    for (const [query, field] of [
      ['field=mobile', 'q'],
      ['field=shoeSize&q=1', 'field'],
      [`q=${'x'.repeat(300)}`, 'q'],
      ['q=a&pageSize=1000', 'pageSize'],
    ]) {
      const res = await get(`/bo/api/members?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields), query).toContain(field);
    }
    const empty = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/notes`,
      headers: owner,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['body']);
    const badTag = await app.inject({
      method: 'PUT',
      url: `/bo/api/members/${alice.id}/tags`,
      headers: owner,
      payload: { tags: ['vip', 'no spaces!'] },
    });
    expect(badTag.statusCode).toBe(400);
  });

  it("shows the member's page, with limits read-only and sign-ins", async () => {
    const overview = (await get(`/bo/api/members/${alice.id}`, support.headers)).json().value;
    expect(overview.member).toMatchObject({
      id: alice.id,
      userName: alice.username,
      countryDialingCode: '63',
    });
    expect(overview.balance).toBe('0.00');
    expect(overview.turnover).toEqual({ required: '0.00', achieved: '0.00', remaining: '0.00' });
    expect(overview.limits).toMatchObject({ deposit: { day: null }, selfExcludedUntil: null });
    expect(overview.liveSessions).toBeGreaterThanOrEqual(2);
    const logins = (await get(`/bo/api/members/${alice.id}/logins`)).json().value;
    expect(logins.list[0]).toMatchObject({ ok: true, method: 'username' });
    const bets = await get(`/bo/api/members/${alice.id}/bets?pageSize=5`);
    expect(bets.statusCode).toBe(200);
    expect(bets.json().value).toMatchObject({ list: [], totalCount: 0 });
    const bonuses = await get(`/bo/api/members/${alice.id}/bonuses`);
    expect(bonuses.json().value).toMatchObject({ list: [], totalCount: 0 });
    // Staff cannot change a member's own limits here: there is no such route.
    const write = await app.inject({
      method: 'PUT',
      url: `/bo/api/members/${alice.id}/limits`,
      headers: owner,
      payload: {},
    });
    expect(write.statusCode).toBe(404);
  });

  it("ends a member's session at once, for a role that may, and audits it", async () => {
    const sessions = (await get(`/bo/api/members/${alice.id}/sessions`)).json().value.list as {
      id: number;
    }[];
    const before = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(before.statusCode).toBe(200);
    const hash = (await import('../src/lib/tokens.ts')).hashToken(alice.token);
    const mine = await app.services.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(sessions.map((s) => s.id)).toContain(Number(mine.id));

    const refused = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/sessions/${mine.id}/revoke`,
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_FORBIDDEN');
    // Another member's id with this session: not theirs.
    const stranger = await createTestMember(app);
    const wrongOwner = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${stranger.id}/sessions/${mine.id}/revoke`,
      headers: owner,
    });
    expect(wrongOwner.statusCode).toBe(404);
    const other = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${otherMemberId}/sessions/${mine.id}/revoke`,
      headers: owner,
    });
    expect(other.statusCode).toBe(404);

    const revoked = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/sessions/${mine.id}/revoke`,
      headers: owner,
    });
    expect(revoked.json().value).toEqual({ revoked: 1 });
    const after = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(after.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/sessions/${mine.id}/revoke`,
      headers: owner,
    });
    expect(again.statusCode).toBe(404);

    const audit = (await get(`/bo/api/members/${alice.id}/audit`)).json().value;
    expect(audit.list[0]).toMatchObject({ action: 'member.session.revoked.staff', staff: 'admin' });
    expect((await get(`/bo/api/members/${alice.id}/audit`, support.headers)).statusCode).toBe(403);
  });

  it("closes the member's live socket on the session staff end", async () => {
    const base = await listenForReal(app);
    const m = await createTestMember(app);
    const socket = await openLive(base, { token: tokenOf(m.authorization) });
    try {
      const [session] = (await get(`/bo/api/members/${m.id}/sessions`)).json().value.list as { id: number }[];
      const ended = await app.inject({
        method: 'POST',
        url: `/bo/api/members/${m.id}/sessions/${session!.id}/revoke`,
        headers: owner,
      });
      expect(ended.statusCode).toBe(200);
      expect(await socket.closed).toBe(LIVE_CLOSE.sessionEnded);
    } finally {
      socket.close();
    }
  });

  it('keeps staff notes and tags, by roles that may, audited', async () => {
    const added = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/notes`,
      headers: support.headers,
      payload: { body: '  Called about a late deposit.  ' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().value.body).toBe('Called about a late deposit.');
    const refused = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${alice.id}/notes`,
      headers: marketing.headers,
      payload: { body: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const elsewhere = await app.inject({
      method: 'POST',
      url: `/bo/api/members/${otherMemberId}/notes`,
      headers: owner,
      payload: { body: 'x' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const notes = (await get(`/bo/api/members/${alice.id}/notes`, marketing.headers)).json().value;
    expect(notes.list[0]).toMatchObject({ body: 'Called about a late deposit.', staff: support.username });

    const tagged = await app.inject({
      method: 'PUT',
      url: `/bo/api/members/${alice.id}/tags`,
      headers: support.headers,
      payload: { tags: ['VIP', 'watch', 'vip'] },
    });
    expect(tagged.json().value).toEqual({ tags: ['vip', 'watch'] });
    await app.inject({
      method: 'PUT',
      url: `/bo/api/members/${alice.id}/tags`,
      headers: support.headers,
      payload: { tags: ['watch'] },
    });
    expect((await get(`/bo/api/members/${alice.id}`)).json().value.tags).toEqual(['watch']);
    const actions = (await get(`/bo/api/members/${alice.id}/audit`))
      .json()
      .value.list.map((r: { action: string }) => r.action);
    expect(actions.slice(0, 3)).toEqual(['member.tags', 'member.tags', 'member.note.added']);
  });
});

function res404(res: { statusCode: number; json: () => { code: string } }) {
  return res.statusCode === 404 && res.json().code === 'NOT_FOUND';
}
