import { beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameList } from '@playhouse/contract/games';
import type { App } from '../src/app.ts';
import { createTestApp, createTestMember, DIALECTS } from './support/test-app.ts';

type Member = Awaited<ReturnType<typeof createTestMember>>;

describe.each(DIALECTS)('favourites and recent games on %s', (dialect) => {
  let app: App;
  let games: Game[];
  let fish: Game;
  beforeAll(async () => {
    app = await createTestApp(dialect);
    games = (await app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=50' })).json().value
      .games;
    fish = (
      (await app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=FISH&pageSize=1' })).json()
        .value as GameList
    ).games[0]!;
  });

  const call = (
    member: Member | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: member ? { authorization: member.authorization } : {},
      ...(payload ? { payload } : {}),
    });
  const ids = async (m: Member): Promise<number[]> =>
    (await call(m, 'GET', '/wps/relay/MCSFE_getFavoriteGames')).json().value.ids;

  it('adds (idempotently), lists newest first, filters, pages and removes favourites', async () => {
    const a = await createTestMember(app);
    for (const g of [games[0]!, games[1]!, fish]) {
      const res = await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', {
        nodeId: g.nodeId,
        vendor: g.vassalage,
      });
      expect(res.json().value).toEqual({ nodeId: g.nodeId, isFavorite: true });
    }
    // Adding twice, or by code, keeps one entry.
    await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', {
      gameId: games[0]!.gameCode.toLowerCase(),
      vendor: 'X',
    });
    expect(await ids(a)).toEqual([fish.nodeId, games[1]!.nodeId, games[0]!.nodeId]);

    const list = (
      await call(a, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=200&language=EN')
    ).json().value;
    expect(list).toMatchObject({ pageNum: 1, pageSize: 200, totalPages: 1, totalCount: 3 });
    expect(list.content.map((g: Game) => g.gameCode)).toEqual([
      fish.gameCode,
      games[1]!.gameCode,
      games[0]!.gameCode,
    ]);
    const onlyFish = (await call(a, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList?gameType=FISH')).json()
      .value;
    expect(onlyFish.content.map((g: Game) => g.nodeId)).toEqual([fish.nodeId]);
    const byVendor = (
      await call(a, 'GET', `/wps/relay/MCSFE_getFavoriteGamesList?vendor=${fish.vassalage}&gameType=ALL`)
    ).json().value;
    expect(byVendor.content.every((g: Game) => g.vassalage === fish.vassalage)).toBe(true);
    const paged = (await call(a, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=2&pageSize=2')).json()
      .value;
    expect(paged).toMatchObject({ pageNum: 2, totalPages: 2, totalCount: 3 });
    expect(paged.content.map((g: Game) => g.nodeId)).toEqual([games[0]!.nodeId]);
    const beyond = (await call(a, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=9&pageSize=2')).json()
      .value;
    expect(beyond.content).toEqual([]);

    const removed = await call(a, 'DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', {
      nodeId: games[1]!.nodeId,
      vendor: games[1]!.vassalage,
    });
    expect(removed.json().value).toEqual({ nodeId: games[1]!.nodeId, isFavorite: false });
    expect(await ids(a)).toEqual([fish.nodeId, games[0]!.nodeId]);
  });

  it('keeps each member to their own favourites: B never sees or removes A’s', async () => {
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId: games[5]!.nodeId });
    expect(await ids(b)).toEqual([]);
    expect((await call(b, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList')).json().value.content).toEqual([]);
    // B "removing" A's favourite only touches B's own (empty) list.
    expect(
      (await call(b, 'DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', { nodeId: games[5]!.nodeId }))
        .statusCode,
    ).toBe(200);
    expect(await ids(a)).toEqual([games[5]!.nodeId]);
    await call(b, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId: games[6]!.nodeId });
    expect(await ids(a)).toEqual([games[5]!.nodeId]);
    expect(await ids(b)).toEqual([games[6]!.nodeId]);
  });

  it('requires a session and valid input', async () => {
    for (const [method, url] of [
      ['POST', '/wps/relay/MCSFE_addFavoriteGameV2'],
      ['DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2'],
    ] as const) {
      const res = await call(undefined, method, url, { nodeId: games[0]!.nodeId });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('NOT_LOGGED_IN');
    }
    expect((await call(undefined, 'GET', '/wps/relay/MCSFE_getFavoriteGames')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/wps/relay/MCSFE_getRecentGames')).statusCode).toBe(401);
    expect(
      (await call(undefined, 'GET', `/wps/relay/MCSFE_addRecentGame?nodeId=${games[0]!.nodeId}`)).statusCode,
    ).toBe(401);
    const expired = await app.inject({
      url: '/wps/relay/MCSFE_getFavoriteGames',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(expired.json().code).toBe('SESSION_EXPIRED');

    const a = await createTestMember(app);
    const missing = await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', { vendor: 'JILI' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['nodeId']);
    const bad = await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['nodeId']);
    expect(
      (await call(a, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId: 99_999_999 })).statusCode,
    ).toBe(404);
    const tooBig = await call(a, 'GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=201');
    expect(tooBig.statusCode).toBe(400);
    expect(Object.keys(tooBig.json().fields)).toEqual(['pageSize']);
    const recentBig = await call(a, 'GET', '/wps/relay/MCSFE_getRecentGames?page=0');
    expect(Object.keys(recentBig.json().fields)).toEqual(['page']);
  });

  it('records recent games by GET or POST, newest first, per member, with paging and filters', async () => {
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const first = await call(
      a,
      'GET',
      `/wps/relay/MCSFE_addRecentGame?nodeId=${games[0]!.nodeId}&vendor=${games[0]!.vassalage}`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().value.nodeId).toBe(games[0]!.nodeId);
    await call(a, 'POST', '/wps/relay/MCSFE_addRecentGame', { gameId: fish.gameCode });
    // Opening a game again moves it to the front rather than duplicating it.
    await call(a, 'GET', `/wps/relay/MCSFE_addRecentGame?nodeId=${games[0]!.nodeId}`);
    const list = (
      await call(
        a,
        'GET',
        '/wps/relay/MCSFE_getRecentGames?page=1&pageSize=36&gameType=ALL&language=EN&clientType=2',
      )
    ).json().value;
    expect(list.totalCount).toBe(2);
    expect(list.totalPages).toBe(1);
    expect(list.list[0].nodeId).toBe(games[0]!.nodeId);
    expect(list.list[0].playedAt).toBeGreaterThanOrEqual(list.list[1].playedAt);
    expect(
      (await call(a, 'GET', '/wps/relay/MCSFE_getRecentGames?gameType=FISH'))
        .json()
        .value.list.map((g: Game) => g.nodeId),
    ).toEqual([fish.nodeId]);
    expect((await call(b, 'GET', '/wps/relay/MCSFE_getRecentGames')).json().value).toMatchObject({
      list: [],
      totalPages: 0,
    });

    for (const g of games.slice(1, 40))
      await call(b, 'GET', `/wps/relay/MCSFE_addRecentGame?nodeId=${g.nodeId}`);
    const p1 = (await call(b, 'GET', '/wps/relay/MCSFE_getRecentGames')).json().value;
    expect(p1.list).toHaveLength(36);
    expect(p1.totalPages).toBe(2);
    const p2 = (await call(b, 'GET', '/wps/relay/MCSFE_getRecentGames?pageNo=2')).json().value;
    expect(p2.list).toHaveLength(3);
    expect((await call(a, 'GET', '/wps/relay/MCSFE_getRecentGames')).json().value.totalCount).toBe(2);
  });

  it('popular games follow what members actually open', async () => {
    const live = (
      (await app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=LIVE&pageSize=100' })).json()
        .value as GameList
    ).games.find((g) => !g.isHot)!;
    for (let i = 0; i < 3; i++) {
      const m = await createTestMember(app);
      await call(m, 'GET', `/wps/relay/MCSFE_addRecentGame?nodeId=${live.nodeId}`);
    }
    // The popular list is cached for a minute; a catalogue change (here: invalidation) refreshes it.
    app.services.catalogue.invalidate((await app.services.settings.defaultOperator()).id);
    const popular = (await app.inject({ url: '/lgw/games/popular?gameType=LIVE' })).json().value
      .games as Game[];
    expect(popular[0]!.nodeId).toBe(live.nodeId);
  });
});
