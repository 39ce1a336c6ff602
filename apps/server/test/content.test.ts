import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnnouncementList } from '@playhouse/contract/content';
import type { App } from '../src/app.ts';
import { createTestApp, createTestMember, DIALECTS, staffAuth } from './support/test-app.ts';

const list = async (
  app: App,
  query: string,
  headers: Record<string, string> = {},
): Promise<AnnouncementList> => {
  const res = await app.inject({ url: `/wps/relay/MCSFE_getListAnnouncements?${query}`, headers });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().value;
};

const NEWS = '/wps/relay/GLS2_lobbyNews';
const UNREAD = '/wps/relay/CSP_unreadCount';

describe.each(DIALECTS)('lobby content on %s', (dialect) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await createTestApp(dialect);
    staff = await staffAuth(app);
  });

  it('seeds banners for the home carousel, every category and language, popups, notices and promotions', async () => {
    const home = await list(app, 'types=B,PL,PU&groupName=m_game&platform=M&merchantCode=demo');
    expect(home.banners.length).toBeGreaterThanOrEqual(3);
    expect(home.banners.every((b) => b.groupName === 'm_game')).toBe(true);
    expect(home.banners[0]!.url).toMatch(/^\/lgw\/art\/banners\/[a-z0-9-]+\.webp$/);
    expect(home.popup.length).toBeGreaterThanOrEqual(1);
    expect(home.popup[0]).toMatchObject({ width: 600, height: 800 });
    expect(home.player.length).toBeGreaterThanOrEqual(1);
    expect(home.promotion).toEqual([]);

    for (const type of ['rng', 'sports', 'pvp', 'live', 'fish', 'lott', 'elott', 'reg']) {
      for (const language of ['EN', 'TY']) {
        const found = await list(app, `types=B&groupName=m_${type}_${language}`);
        expect(found.banners.length, `m_${type}_${language}`).toBeGreaterThan(0);
        expect(found.banners.every((b) => b.groupName === `m_${type}_${language}`)).toBe(true);
      }
    }
    // A type group without a language means the request's language.
    const rngEn = await list(app, 'types=B&groupName=m_rng', { language: 'EN' });
    expect(rngEn.banners.map((b) => b.groupName)).toEqual(['m_rng_EN']);
    const rngTy = await list(app, 'types=B&groupName=m_rng&language=TY');
    expect(rngTy.banners.map((b) => b.groupName)).toEqual(['m_rng_TY']);
    expect((await list(app, 'types=B&groupName=m_popup')).banners).toHaveLength(1);
    expect((await list(app, 'types=B&groupName=m_popup2')).banners).toHaveLength(1);

    const promos = await list(app, 'types=PR,H');
    expect(promos.promotion.length).toBeGreaterThanOrEqual(3);
    expect(promos.promotion.some((p) => p.noExpiry === 1 && p.endDate === null)).toBe(true);
    expect(promos.promotion.some((p) => p.noExpiry === 0 && p.endDate !== null)).toBe(true);
    expect(promos.promotion[0]!.announcementImages[0]).toMatchObject({ sequence: 1 });
    expect(promos.hot.length).toBeGreaterThan(0);
    expect(promos.banners).toEqual([]);
    expect((await list(app, 'types=Promotion')).promotion.length).toBe(promos.promotion.length);

    const art = await app.inject({ url: home.popup[0]!.imageUrl! });
    expect(art.headers['content-type']).toBe('image/webp');
    const poster = await sharp(art.rawPayload).metadata();
    expect([poster.width, poster.height]).toEqual([600, 800]);
  });

  it('gives everyone who reads nothing one list until an item starts or ends', async () => {
    const { content, settings } = app.services;
    const operator = await settings.defaultOperator();
    const query = { types: 'B,PL,PU,PR,H', language: 'EN' };
    const guests = await content.list(operator.id, query, undefined);
    expect(await content.list(operator.id, query, undefined)).toBe(guests);
    const trial = await createTestMember(app, { type: 4 });
    expect(await content.list(operator.id, query, { id: trial.id, type: 4 })).toBe(guests);
    // A bounded number of queries is kept per snapshot: once 64 others have come, it is built again.
    for (let i = 0; i < 64; i++)
      await content.list(operator.id, { ...query, groupName: `m_rng_${i}` }, undefined);
    const rebuilt = await content.list(operator.id, query, undefined);
    expect(rebuilt).not.toBe(guests);
    expect(rebuilt).toEqual(guests);
    // A member's list carries their own reads, so it is built for them.
    const member = await createTestMember(app);
    const own = await content.list(operator.id, query, { id: member.id, type: 0 });
    expect(own).not.toBe(guests);
    expect(own.player.some((n) => !n.read)).toBe(true);

    const startsAt = Date.now() + 5_000;
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/content/announcements',
      headers: staff,
      payload: { type: 'PL', title: 'Starts soon', content: '<p>soon</p>', startDate: startsAt },
    });
    const id = created.json().value.id as number;
    try {
      const before = await content.list(operator.id, query, undefined);
      expect(before.player.map((n) => n.id)).not.toContain(id);
      expect(await content.list(operator.id, query, undefined)).toBe(before);
      // Within the same snapshot: the list is built again once the notice's start has passed.
      vi.spyOn(Date, 'now').mockReturnValue(startsAt + 1);
      const after = await content.list(operator.id, query, undefined);
      expect(after).not.toBe(before);
      expect(after.player.map((n) => n.id)).toContain(id);
    } finally {
      vi.restoreAllMocks();
      await app.inject({ method: 'DELETE', url: `/bo/api/content/announcements/${id}`, headers: staff });
    }
  });

  it('refuses malformed filters with 400 and fields', async () => {
    for (const [query, field] of [
      ['types=B,XX', 'types'],
      ['groupName=<script>', 'groupName'],
      ['groupName=m_casino', 'groupName'],
      ['language=zz', 'language'],
    ]) {
      const res = await app.inject({ url: `/wps/relay/MCSFE_getListAnnouncements?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const news = await app.inject({ url: `${NEWS}?pageSize=1000` });
    expect(Object.keys(news.json().fields)).toEqual(['pageSize']);
  });

  it('sanitises HTML on write, shows changes at once, and audits every change', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/content/announcements',
      headers: staff,
      payload: {
        type: 'PL',
        title: 'Fresh notice',
        content:
          '<p onclick="steal()">Hello <b>players</b> &amp; friends<script>alert(1)</script></p><a href="javascript:alert(2)">x</a><img src="https://cdn.example.com/a.png" onerror="boom()"><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(created.statusCode).toBe(200);
    const notice = created.json().value;
    expect(notice.content).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(notice.content).toContain('<b>players</b>');
    expect(notice.content).toContain('<img src="https://cdn.example.com/a.png" />');

    // Visible to players straight away (the content cache is dropped on change).
    const seen = (await list(app, 'types=PL')).player.find((p) => p.id === notice.id)!;
    expect(seen.content).toBe(notice.content);
    expect(seen.preview).toBe('Hello players & friends x');
    expect((await app.inject({ url: NEWS })).json().value.list[0].id).toBe(notice.id);

    const banner = await app.inject({
      method: 'POST',
      url: '/bo/api/content/banners',
      headers: staff,
      payload: {
        groupName: 'm_game',
        title: 'Brand new',
        url: '/lgw/art/banners/brand-new.svg',
        sequence: 0,
        actionType: 'ROUTE',
        actionTarget: '/m/activity',
      },
    });
    expect(banner.statusCode).toBe(200);
    const bannerId = banner.json().value.id;
    expect((await list(app, 'types=B&groupName=m_game')).banners.map((b) => b.id)).toContain(bannerId);

    const hidden = await app.inject({
      method: 'PUT',
      url: `/bo/api/content/banners/${bannerId}`,
      headers: staff,
      payload: {
        groupName: 'm_game',
        title: 'Brand new',
        url: '/lgw/art/banners/brand-new.svg',
        enabled: false,
      },
    });
    expect(hidden.json().value.enabled).toBe(false);
    expect((await list(app, 'types=B&groupName=m_game')).banners.map((b) => b.id)).not.toContain(bannerId);
    expect(
      (await app.inject({ method: 'DELETE', url: `/bo/api/content/banners/${bannerId}`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/bo/api/content/banners/${bannerId}`, headers: staff }))
        .statusCode,
    ).toBe(404);

    const updated = await app.inject({
      method: 'PUT',
      url: `/bo/api/content/announcements/${notice.id}`,
      headers: staff,
      payload: { type: 'PL', title: 'Edited notice', content: '<p style="color:red">Edited</p>' },
    });
    expect(updated.json().value).toMatchObject({ title: 'Edited notice', content: '<p>Edited</p>' });
    expect((await list(app, 'types=PL')).player.find((p) => p.id === notice.id)!.title).toBe('Edited notice');

    // Scheduled and expired content stays out of the lobby.
    const later = await app.inject({
      method: 'POST',
      url: '/bo/api/content/announcements',
      headers: staff,
      payload: { type: 'A', title: 'Later', content: '<p>soon</p>', startDate: Date.now() + 3600_000 },
    });
    expect((await list(app, 'types=A')).announcement.map((a) => a.id)).not.toContain(later.json().value.id);

    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/bo/api/content/announcements/${notice.id}`,
          headers: staff,
        })
      ).statusCode,
    ).toBe(200);
    expect((await list(app, 'types=PL')).player.map((p) => p.id)).not.toContain(notice.id);

    const audit = (await app.inject({ url: '/bo/api/audit?pageSize=200', headers: staff })).json().value
      .list as { action: string }[];
    const actions = audit.map((a) => a.action);
    for (const action of [
      'content.announcement.create',
      'content.announcement.update',
      'content.announcement.delete',
      'content.banner.create',
      'content.banner.update',
      'content.banner.delete',
    ]) {
      expect(actions).toContain(action);
    }

    const bad = await app.inject({
      method: 'POST',
      url: '/bo/api/content/banners',
      headers: staff,
      payload: { groupName: 'nope', title: '', url: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['groupName', 'title', 'url']);
    for (const [payload, field] of [
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: '//evil.example/x.png' }, 'url'],
      [{ actionType: 'URL', actionTarget: 'javascript:alert(1)' }, 'actionTarget'],
      [{ actionType: 'ROUTE', actionTarget: 'https://evil.example' }, 'actionTarget'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/bo/api/content/banners',
        headers: staff,
        payload: Object.assign({ groupName: 'm_game', title: 'x', url: '/lgw/art/banners/x.svg' }, payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await app.inject({ url: '/bo/api/content/banners' })).statusCode).toBe(401);
  });

  it('tracks reads per member; guests and trial members count everything as read', async () => {
    const guestNews = (await app.inject({ url: NEWS })).json().value;
    expect(guestNews.unreadCount).toBe(0);
    expect(guestNews.list.every((n: { read: boolean }) => n.read)).toBe(true);

    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const headersA = { authorization: a.authorization };
    const before = (await app.inject({ url: NEWS, headers: headersA })).json().value;
    expect(before.unreadCount).toBe(before.totalCount);
    const first = before.list[0];
    expect(first.read).toBe(false);

    const unread = async (headers: Record<string, string>, query = '') => {
      const res = await app.inject({ url: `${UNREAD}${query}`, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json().value as { announcement: number; inbox: number; total: number };
    };
    expect(before.unreadCount).toBeGreaterThan(0);
    expect(await unread(headersA)).toEqual({
      announcement: before.unreadCount,
      inbox: 0,
      total: before.unreadCount,
    });

    const marked = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_readAnnouncement',
      headers: headersA,
      payload: { announcementId: first.id, read: true },
    });
    expect(marked.json().value).toEqual({ announcementId: first.id, read: true });
    const after = (await app.inject({ url: NEWS, headers: headersA })).json().value;
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(await unread(headersA)).toEqual({
      announcement: after.unreadCount,
      inbox: 0,
      total: after.unreadCount,
    });
    // Counted in the language asked for, as the notice list is.
    const thai = (await app.inject({ url: `${NEWS}?language=TY`, headers: headersA })).json().value;
    expect((await unread(headersA, '?language=TY')).total).toBe(thai.unreadCount);
    expect((await unread({ authorization: b.authorization })).total).toBe(before.unreadCount);
    // The counters are a member's: a guest is told to log in; a bad language is refused by field.
    const guest = await app.inject({ url: UNREAD });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('NOT_LOGGED_IN');
    const badLanguage = await app.inject({ url: `${UNREAD}?language=zz`, headers: headersA });
    expect(badLanguage.statusCode).toBe(400);
    expect(Object.keys(badLanguage.json().fields)).toEqual(['language']);
    expect(after.list[0].read).toBe(true);
    expect(
      (await list(app, 'types=PL,A', headersA)).player
        .concat((await list(app, 'types=A', headersA)).announcement)
        .find((n) => n.id === first.id)!.read,
    ).toBe(true);
    // B's reads are B's own.
    expect(
      (await app.inject({ url: NEWS, headers: { authorization: b.authorization } })).json().value.unreadCount,
    ).toBe(before.unreadCount);

    const trial = await createTestMember(app, { type: 4 });
    const trialHeaders = { authorization: trial.authorization };
    expect((await app.inject({ url: NEWS, headers: trialHeaders })).json().value.unreadCount).toBe(0);
    expect(await unread(trialHeaders)).toEqual({ announcement: 0, inbox: 0, total: 0 });
    await app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_readAnnouncement',
      headers: trialHeaders,
      payload: { announcementId: first.id, read: true },
    });
    const { countReads } = await readsOf(app, trial.id);
    expect(countReads).toBe(0);

    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_readAnnouncement',
          payload: { announcementId: first.id, read: true },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/wps/relay/MCSFE_readAnnouncement',
          headers: headersA,
          payload: { announcementId: 99_999_999, read: true },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_readAnnouncement',
      headers: headersA,
      payload: { announcementId: 'x', read: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['announcementId', 'read']);
  });
});

async function readsOf(app: App, memberId: number) {
  const rows = await app.services.db
    .selectFrom('announcement_reads')
    .select('id')
    .where('member_id', '=', memberId)
    .execute();
  return { countReads: rows.length };
}
