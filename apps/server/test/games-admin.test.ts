import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createStaff, type StaffSession } from './support/staff.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

/**
 * The back office's game catalogue (issue 23): the whole list with disabled games, a game switched
 * off leaves the player lobby and the hot list at once, its name and flags change, every change is
 * audited, and only roles with `games.write` may change it, only their operator's games.
 */
describe.each(DIALECTS)('game catalogue in the back office on %s', (dialect) => {
  let app: App;
  let owner: { authorization: string };
  let marketing: StaffSession;
  let support: StaffSession;
  beforeAll(async () => {
    app = await createTestApp(dialect);
    owner = await staffAuth(app);
    marketing = await createStaff(app, 'marketing', owner);
    support = await createStaff(app, 'support', owner);
  }, 120_000);

  const lobby = async (query: string) =>
    (await app.inject({ url: `/wps/relay/GCSGAME_gameList?${query}` })).json().value as {
      games: { nodeId: number; gameName: string; isNew: boolean }[];
    };
  const hot = async () =>
    (
      (await app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2' })).json().value as {
        games?: { nodeId: number }[];
      }
    ).games ?? [];

  it('lists the catalogue by vendor, name, hot list and switch', async () => {
    const all = (await app.inject({ url: '/bo/api/games?pageSize=5', headers: support.headers })).json()
      .value;
    expect(all.totalCount).toBeGreaterThan(20);
    expect(all.list).toHaveLength(5);
    expect(all.list[0]).toMatchObject({ enabled: true, vendorEnabled: true });
    const hotList = (await app.inject({ url: '/bo/api/games?show=hot&pageSize=100', headers: owner })).json()
      .value;
    const ranks = hotList.list.map((g: { hotRank: number }) => g.hotRank);
    expect(ranks.length).toBeGreaterThan(0);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    const one = all.list[0];
    const byName = (
      await app.inject({
        url: `/bo/api/games?q=${encodeURIComponent(one.name.toUpperCase())}`,
        headers: owner,
      })
    ).json().value;
    expect(byName.list.map((g: { id: number }) => g.id)).toContain(one.id);
    const bad = await app.inject({ url: '/bo/api/games?show=everything&pageSize=0', headers: owner });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['pageSize', 'show']);
  });

  it('switches a hot game off: gone from the lobby and the hot list at once, audited; back on, back', async () => {
    const hotList = (await app.inject({ url: '/bo/api/games?show=hot&pageSize=1', headers: owner })).json()
      .value;
    const game = hotList.list[0] as { id: number; name: string; vendor: string };
    expect(
      (
        await lobby(`vassalage=${game.vendor}&gameName=${encodeURIComponent(game.name)}&pageSize=50`)
      ).games.map((g) => g.nodeId),
    ).toContain(game.id);
    expect((await hot()).map((g) => g.nodeId)).toContain(game.id);

    const refused = await app.inject({
      method: 'PUT',
      url: `/bo/api/games/${game.id}`,
      headers: support.headers,
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_FORBIDDEN');

    const off = await app.inject({
      method: 'PUT',
      url: `/bo/api/games/${game.id}`,
      headers: marketing.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().value).toMatchObject({ id: game.id, enabled: false });
    expect(
      (
        await lobby(`vassalage=${game.vendor}&gameName=${encodeURIComponent(game.name)}&pageSize=50`)
      ).games.map((g) => g.nodeId),
    ).not.toContain(game.id);
    expect((await hot()).map((g) => g.nodeId)).not.toContain(game.id);
    const disabled = (await app.inject({ url: '/bo/api/games?show=disabled', headers: owner })).json().value;
    expect(disabled.list.map((g: { id: number }) => g.id)).toContain(game.id);

    const audit = (await app.inject({ url: '/bo/api/audit?action=game.update', headers: owner })).json()
      .value;
    expect(audit.list[0]).toMatchObject({ actorName: marketing.username, action: 'game.update' });
    expect(audit.list[0].detail).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    await app.inject({
      method: 'PUT',
      url: `/bo/api/games/${game.id}`,
      headers: marketing.headers,
      payload: { enabled: true, name: 'Renamed Fortune', isNew: true, hotRank: 0 },
    });
    const back = (await lobby(`gameName=Renamed%20Fortune&pageSize=50`)).games.find(
      (g) => g.nodeId === game.id,
    );
    expect(back).toMatchObject({ gameName: 'Renamed Fortune', isNew: true });
    expect((await hot()).map((g) => g.nodeId)).not.toContain(game.id);
  });

  it("refuses bad changes and other operators' games", async () => {
    const first = (await app.inject({ url: '/bo/api/games?pageSize=1', headers: owner })).json().value
      .list[0];
    for (const payload of [{}, { hotRank: -1 }, { name: '' }, { enabled: 'yes' }, { code: 'X' }]) {
      const res = await app.inject({
        method: 'PUT',
        url: `/bo/api/games/${first.id}`,
        headers: owner,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const other = await app.services.db
      .insertInto('operators')
      .values({ code: `games-${dialect}`, name: 'Other', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await app.services.db
      .insertInto('games')
      .values({
        operator_id: Number(other.id),
        vendor_code: 'JILI',
        code: 'THEIRS1',
        name: 'Theirs',
        game_type: 'RNG',
        category: 'RNG',
        classify: '',
        is_new: 0,
        hot_rank: 0,
        min_bet: 100,
        lines: 1,
        sort: 0,
        enabled: 1,
        freeplay: 0,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'PUT',
      url: `/bo/api/games/${theirs.id}`,
      headers: owner,
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(404);
    const listed = (await app.inject({ url: '/bo/api/games?q=THEIRS1', headers: owner })).json().value;
    expect(listed.totalCount).toBe(0);
  });
});
