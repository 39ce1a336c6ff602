import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_PATHS, type Game, type GameList, type VassGameType } from '@playhouse/contract/games';
import { type App } from '../src/app.ts';
import { seedLobby } from '../src/modules/games/lobby-seed.ts';
import {
  createTestApp,
  createTestMember,
  createTwoInstances,
  DIALECTS,
  staffAuth,
} from './support/test-app.ts';
import { patchSettings } from './support/auth-client.ts';

type Envelope<T> = { success: true; value: T };

async function get<T>(app: App, url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await app.inject({ url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
  return (res.json() as Envelope<T>).value;
}

/** Every game matching a query, walking all pages. */
async function allGames(app: App, query: string): Promise<Game[]> {
  const first = await get<GameList>(app, `/wps/relay/GCSGAME_gameList?pageSize=100&${query}`);
  const games = [...first.games];
  for (let page = 2; page <= first.totalPages; page++) {
    games.push(
      ...(await get<GameList>(app, `/wps/relay/GCSGAME_gameList?pageSize=100&pageNo=${page}&${query}`)).games,
    );
  }
  expect(games).toHaveLength(first.totalCount);
  return games;
}

describe.each(DIALECTS)('game catalogue on %s', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  });

  it('seeds at least 650 games over at least 20 vendors covering every category', async () => {
    const all = await allGames(app, '');
    expect(all.length).toBeGreaterThanOrEqual(650);
    expect(new Set(all.map((g) => g.vassalage)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((g) => g.gameCode)).size).toBe(all.length);
    expect(new Set(all.map((g) => g.gameName.toLowerCase())).size).toBe(all.length);
    expect(new Set(all.map((g) => g.iconUrl)).size).toBe(all.length);

    const types = await get<VassGameType>(
      app,
      '/wps/relay/GCSGAME_getVassGameType?typeId=1&merchant_code=demo',
    );
    const byCategory = Object.fromEntries(types.categories.map((c) => [c.gameCategory, c]));
    for (const category of [
      'RNG',
      'BINGO',
      'FISH',
      'LIVE',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
      'INHOUSE',
    ]) {
      expect(byCategory[category]?.gameCount, category).toBeGreaterThan(0);
    }
    const vendorsOf = (c: string) => byCategory[c]!.vendors.map((v) => v.vassalage);
    expect(vendorsOf('ESPORTS').sort()).toEqual(['AI', 'AV', 'IA', 'IMES', 'TF']);
    expect(vendorsOf('COCKFIGHT').sort()).toEqual(['DIG', 'DS88', 'SV3', 'WGB', 'WS168']);
    expect(vendorsOf('SPORTS')).not.toEqual(expect.arrayContaining(['AV']));
    expect(vendorsOf('INHOUSE')).toEqual(['BGS']);
    expect(vendorsOf('RNG').slice(0, 3)).toEqual(['JILI', 'FC', 'PGE']);
    for (const code of ['JILI', 'FC', 'PGE']) {
      expect(byCategory.RNG!.vendors.find((v) => v.vassalage === code)!.gameCount).toBeGreaterThanOrEqual(27);
    }
    const rng = byCategory.RNG!;
    expect(rng.gameCount).toBe(rng.vendors.reduce((n, v) => n + v.gameCount, 0));
    expect(rng.vendors[0]!.iconUrl).toBe('/lgw/art/vendors/JILI-BLACK.png');
    expect(all.some((g) => g.isNew)).toBe(true);
    expect(all.filter((g) => g.isHot).length).toBeGreaterThanOrEqual(20);
  });

  it('documents every lobby path the contract names', async () => {
    const doc = (await app.inject({ url: '/wps/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(Object.values(LOBBY_PATHS)));
  });

  it("finds a provider's games by the provider's name or code", async () => {
    const all = await allGames(app, '');
    const named = (code: string) => all.filter((g) => g.vassalage === code).map((g) => g.nodeId);
    for (const text of ['jili', 'JILI', 'Mynt', 'mynt play', 'PG', 'table masters']) {
      const found = (await allGames(app, `gameName=${encodeURIComponent(text)}`)).map((g) => g.nodeId);
      const code = { jili: 'JILI', mynt: 'MYN', 'mynt play': 'MYN', pg: 'PGE', 'table masters': 'PKR' }[
        text.toLowerCase()
      ]!;
      expect(found, text).toEqual(expect.arrayContaining(named(code)));
    }
    // One letter names no provider: it is only a name search.
    const single = await allGames(app, 'gameName=j');
    expect(single.every((g) => g.gameName.toLowerCase().includes('j'))).toBe(true);
  });

  it('filters by name (case-insensitive contains), type, vendor, classification, stake, lines and newness', async () => {
    const all = await allGames(app, '');
    const sample = all.find((g) => g.gameCategory === 'RNG')!;
    const word = sample.gameName.split(' ')[0]!;
    const byName = await allGames(app, `gameName=${encodeURIComponent(word.toUpperCase().slice(1))}`);
    expect(byName.length).toBe(
      all.filter((g) => g.gameName.toLowerCase().includes(word.slice(1).toLowerCase())).length,
    );
    expect(byName.map((g) => g.nodeId)).toContain(sample.nodeId);

    const bingo = await allGames(app, 'gameType=BINGO');
    expect(bingo.length).toBeGreaterThan(0);
    expect(bingo.every((g) => g.gameType === 'RNG' && g.gameClassify === 'BG')).toBe(true);
    expect((await allGames(app, 'gameType=RNG&gameClassify=BG')).map((g) => g.nodeId)).toEqual(
      bingo.map((g) => g.nodeId),
    );
    expect(all.some((g) => (g.gameType as string) === 'BINGO')).toBe(false);

    const rng = await allGames(app, 'gameType=rng');
    expect(rng.every((g) => g.gameType === 'RNG')).toBe(true);
    for (const type of ['FISH', 'LIVE', 'PVP', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT', 'INHOUSE']) {
      const list = await allGames(app, `gameType=${type}`);
      expect(list.length, type).toBe(all.filter((g) => g.gameCategory === type).length);
      expect(list.every((g) => g.gameCategory === type)).toBe(true);
    }
    const sports = await allGames(app, 'gameType=SPORTS');
    expect(sports.every((g) => g.gameCategory === 'SPORTS')).toBe(true);
    expect(sports.some((g) => ['AV', 'SV3'].includes(g.vassalage))).toBe(false);

    const jili = await allGames(app, 'vassalage=jili&gameType=RNG');
    expect(jili.length).toBeGreaterThan(36);
    expect(jili.every((g) => g.vassalage === 'JILI' && g.gameType === 'RNG')).toBe(true);

    const fresh = await allGames(app, 'isNew=1');
    expect(fresh.length).toBe(all.filter((g) => g.isNew).length);
    expect((await allGames(app, 'gameClassify=NEW')).length).toBe(fresh.length);

    const cheap = await allGames(app, 'minBet=0.20');
    expect(cheap.length).toBe(all.filter((g) => Number(g.minBet) <= 0.2).length);
    expect(cheap.length).toBeGreaterThan(0);
    // Blank parameters, as older clients send them, mean "no filter".
    const blanks = await get<GameList>(
      app,
      '/wps/relay/GCSGAME_gameList?gameType=&vassalage=&gameName=&gameClassify=&minBet=&minLine=&isNew=&language=',
    );
    expect(blanks.totalCount).toBe(all.length);
    const wide = await allGames(app, 'minLine=243');
    expect(wide.length).toBe(all.filter((g) => g.lines >= 243).length);
    expect(wide.length).toBeGreaterThan(0);
  });

  it('pages: default 36, a partial last page, an empty result and an out-of-range page', async () => {
    const first = await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=FC');
    expect(first.games).toHaveLength(36);
    expect(first.pageNum).toBe(1);
    expect(first.totalPages).toBe(Math.ceil(first.totalCount / 36));
    const last = await get<GameList>(
      app,
      `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=FC&pageNo=${first.totalPages}`,
    );
    expect(last.games).toHaveLength(first.totalCount - (first.totalPages - 1) * 36);
    const beyond = await get<GameList>(
      app,
      `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=FC&pageNo=${first.totalPages + 1}`,
    );
    expect(beyond).toMatchObject({ games: [], pageNum: first.totalPages + 1, totalCount: first.totalCount });
    const none = await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameName=zzzzqqq');
    expect(none).toMatchObject({ games: [], pageNum: 1, totalPages: 0, totalCount: 0 });
    const max = await get<GameList>(app, '/wps/relay/GCSGAME_gameList?pageSize=100');
    expect(max.games).toHaveLength(100);
    // Pages never overlap.
    const p2 = await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=FC&pageNo=2');
    expect(p2.games.map((g) => g.nodeId)).not.toContain(first.games[0]!.nodeId);
  });

  it('sends shared lists pre-compressed to clients that accept it', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=FISH';
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).value.games.length).toBeGreaterThan(0);
  });

  it('answers bad parameters with 400 and the fields at fault', async () => {
    const cases: [string, string[]][] = [
      ['pageNo=0', ['pageNo']],
      ['pageNo=abc', ['pageNo']],
      ['pageSize=101', ['pageSize']],
      ['gameType=CHESS', ['gameType']],
      ['minBet=cheap', ['minBet']],
      ['minLine=-1', ['minLine']],
      ['isNew=maybe', ['isNew']],
      ['gameClassify=XX', ['gameClassify']],
      ['vassalage=a%20b', ['vassalage']],
      ['language=xx', ['language']],
      [`gameName=${'x'.repeat(65)}`, ['gameName']],
    ];
    for (const [query, fields] of cases) {
      const res = await app.inject({ url: `/wps/relay/GCSGAME_gameList?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields), query).toEqual(fields);
    }
    const hot = await app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?gameType=nope' });
    expect(hot.statusCode).toBe(400);
    expect(Object.keys(hot.json().fields)).toEqual(['gameType']);
  });

  it('lists hot games in order, filtered by type, and popular games from real plays', async () => {
    const hot = (
      await get<{ games: Game[] }>(app, '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&platform=html5')
    ).games;
    expect(hot.length).toBeGreaterThanOrEqual(6);
    expect(hot.every((g) => g.isHot)).toBe(true);
    const fish = (await get<{ games: Game[] }>(app, '/wps/relay/GCSGAME_hotGamesV2?gameType=FISH')).games;
    expect(fish.length).toBeGreaterThan(0);
    expect(fish.every((g) => g.gameCategory === 'FISH')).toBe(true);
    const inHouse = (await get<{ games: Game[] }>(app, '/wps/relay/GCSGAME_hotGamesV2?gameType=INHOUSE'))
      .games;
    expect(inHouse.every((g) => g.vassalage === 'BGS')).toBe(true);

    // With no plays the popular grid is the hot list; a game members open moves to the front.
    const before = (await get<{ games: Game[] }>(app, '/lgw/games/popular')).games;
    expect(before.map((g) => g.nodeId)).toEqual(hot.slice(0, before.length).map((g) => g.nodeId));
    const cold = (await allGames(app, 'gameType=LIVE')).find((g) => !g.isHot)!;
    expect(before.map((g) => g.nodeId)).not.toContain(cold.nodeId);
  });

  it('serves distinct generated artwork with size and long-cache headers', async () => {
    const [a, b] = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?pageSize=2')).games;
    expect(a!.iconUrl).toMatch(/^\/lgw\/art\/games\/[A-Za-z0-9_-]+\.webp$/);
    const artA = await app.inject({ url: a!.iconUrl });
    const artB = await app.inject({ url: b!.iconUrl });
    expect(artA.statusCode).toBe(200);
    expect(artA.headers['content-type']).toBe('image/webp');
    expect(artA.headers['cache-control']).toContain('max-age=31536000');
    // A real picture of the advertised size, small, and a different one per game.
    const picture = await sharp(artA.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['webp', 240, 240]);
    expect(artA.rawPayload.length).toBeLessThan(12 * 1024);
    expect(artB.rawPayload.equals(artA.rawPayload)).toBe(false);
    const again = await app.inject({
      url: a!.iconUrl,
      headers: { 'if-none-match': String(artA.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Rendered once: the second answer is the same picture.
    expect((await app.inject({ url: a!.iconUrl })).rawPayload.equals(artA.rawPayload)).toBe(true);

    // The drawing itself, as SVG, carries the game's name.
    const svgA = await app.inject({ url: a!.iconUrl.replace(/\.webp$/, '.svg') });
    expect(svgA.headers['content-type']).toContain('image/svg+xml');
    expect(svgA.body).toMatch(/^<svg [^>]*width="240" height="240"/);
    expect(svgA.body).toContain(a!.gameName);
    expect(svgA.headers.etag).not.toBe(artA.headers.etag);

    // The spec's vendor name is a real PNG.
    const vendor = await app.inject({ url: '/lgw/art/vendors/JILI-BLACK.png' });
    expect(vendor.statusCode).toBe(200);
    expect(vendor.headers['content-type']).toBe('image/png');
    const plate = await sharp(vendor.rawPayload).metadata();
    expect([plate.format, plate.width, plate.height]).toEqual(['png', 200, 80]);
    expect((await app.inject({ url: '/lgw/art/vendors/JILI.svg' })).body).toContain('JILI');
    expect((await app.inject({ url: '/lgw/art/games/NOPE-999.webp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/lgw/art/games/..%2Fetc.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: `${a!.iconUrl}.gif` })).statusCode).toBe(404);
    const banner = await app.inject({ url: '/lgw/art/banners/weekend-reload.svg' });
    expect(banner.body).toMatch(/width="750" height="300"/);
    expect(banner.body).toContain('WEEKEND RELOAD');
    const bannerPicture = await sharp(
      (await app.inject({ url: '/lgw/art/banners/weekend-reload.webp' })).rawPayload,
    ).metadata();
    expect([bannerPicture.width, bannerPicture.height]).toEqual([750, 300]);
  });

  it('launches: guests must log in, unconnected vendors say so, in-house games open and become recent', async () => {
    const guest = await app.inject({ url: '/wps/game/launchGame?gameCode=BGS-DICE' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('NOT_LOGGED_IN');

    const member = await createTestMember(app);
    const headers = { authorization: member.authorization };
    const jili = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?vassalage=JILI&pageSize=1'))
      .games[0]!;
    const refused = await app.inject({
      url: `/wps/game/launchGame?nodeId=${jili.nodeId}`,
      headers: { ...headers, language: 'EN' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('VENDOR_NOT_CONNECTED');
    expect(refused.json().message).toMatch(/provider/i);

    const dice = await get<{ url: string; nodeId: number }>(
      app,
      '/wps/game/launchGame?gameCode=bgs-dice&language=EN',
      headers,
    );
    expect(dice.url).toMatch(/^\/play\/BGS-DICE\?lang=EN/);
    const recent = await get<{ list: Game[] }>(app, '/wps/relay/MCSFE_getRecentGames', headers);
    expect(recent.list.map((g) => g.gameCode)).toEqual(['BGS-DICE']);

    // A lottery's play type and prize mode travel to the game; an unknown prize mode is refused.
    const lottery = await get<{ url: string }>(
      app,
      '/wps/game/launchGame?gameCode=BGS-DICE&playType=trad&prizeMode=SEA',
      headers,
    );
    expect(lottery.url).toContain('playType=trad');
    expect(lottery.url).toContain('prizeMode=SEA');
    const badMode = await app.inject({ url: '/wps/game/launchGame?gameCode=BGS-DICE&prizeMode=XX', headers });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().fields).toHaveProperty('prizeMode');
    expect((await app.inject({ url: '/wps/game/launchGame?nodeId=99999999', headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/wps/game/launchGame', headers })).statusCode).toBe(400);
  });

  it('vendor changes in the back office reach the cached lobby at once and are audited', async () => {
    const staff = await staffAuth(app);
    const before = await get<GameList>(app, '/wps/relay/GCSGAME_gameList?vassalage=LUX');
    expect(before.totalCount).toBeGreaterThan(0);
    expect(JSON.stringify(await get(app, '/wps/relay/GCSGAME_getVassGameType'))).toContain('"LUX"');

    const off = await app.inject({
      method: 'PUT',
      url: '/bo/api/vendors/lux',
      headers: staff,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().value).toMatchObject({ code: 'LUX', enabled: false, connected: false });
    expect((await get<GameList>(app, '/wps/relay/GCSGAME_gameList?vassalage=LUX')).totalCount).toBe(0);
    expect(JSON.stringify(await get(app, '/wps/relay/GCSGAME_getVassGameType'))).not.toContain('"LUX"');
    expect((await get<GameList>(app, '/wps/relay/GCSGAME_gameList')).totalCount).toBe(
      (await allGames(app, '')).length,
    );

    const on = await app.inject({
      method: 'PUT',
      url: '/bo/api/vendors/LUX',
      headers: staff,
      payload: {
        enabled: true,
        walletMode: 'transfer',
        secret: 's3cret-value-0123456789',
        launchUrl: 'https://games.example.com/launch',
      },
    });
    expect(on.json().value).toMatchObject({
      enabled: true,
      walletMode: 'transfer',
      hasSecret: true,
      connected: true,
    });
    expect(JSON.stringify(on.json())).not.toContain('s3cret');
    expect((await get<GameList>(app, '/wps/relay/GCSGAME_gameList?vassalage=LUX')).totalCount).toBe(
      before.totalCount,
    );

    const member = await createTestMember(app);
    const lux = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?vassalage=LUX&pageSize=1')).games[0]!;
    expect(lux.supportPlay).toBe(true);
    const launch = await get<{ url: string }>(app, `/wps/game/launchGame?nodeId=${lux.nodeId}`, {
      authorization: member.authorization,
    });
    expect(launch.url).toMatch(/^https:\/\/games\.example\.com\/launch\?lang=\w+&game=LUX-/);

    const audit = await get<{ list: { action: string; detail: Record<string, unknown> }[] }>(
      app,
      '/bo/api/audit?action=vendor.update',
      staff,
    );
    expect(audit.list.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit.list)).not.toContain('s3cret');

    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/bo/api/vendors/NOPE',
          headers: staff,
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/bo/api/vendors/LUX',
          headers: staff,
          payload: { walletMode: 'cash' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url: '/bo/api/vendors/LUX', payload: { enabled: false } }))
        .statusCode,
    ).toBe(401);
    const script = await app.inject({
      method: 'PUT',
      url: '/bo/api/vendors/LUX',
      headers: staff,
      payload: { launchUrl: 'javascript:alert(1)' },
    });
    expect(Object.keys(script.json().fields)).toEqual(['launchUrl']);
    const one = await get<{ code: string; hasSecret: boolean }>(app, '/bo/api/vendors/LUX', staff);
    expect(one).toMatchObject({ code: 'LUX', hasSecret: true });
  });
});

describe.each(DIALECTS)('winner board and jackpot on %s', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  });

  it("shows an honest empty board, then real wins of at least the operator's minimum, biggest first, once per player and game, with masked names", async () => {
    expect(
      (await get<{ list: unknown[] }>(app, '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20'))
        .list,
    ).toEqual([]);

    const operator = await app.services.settings.defaultOperator();
    const johnathan = await createTestMember(app, { username: 'johnathan' });
    const mary = await createTestMember(app, { username: 'mary' });
    const games = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=3')).games;
    const fish = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameType=FISH&pageSize=1')).games[0]!;
    const { winners } = app.services;
    expect(
      await winners.recordWin({
        operatorId: operator.id,
        memberId: johnathan.id,
        nodeId: games[0]!.nodeId,
        reference: 'w1',
        winAmount: 1250,
      }),
    ).toBe(true);
    await winners.recordWin({
      operatorId: operator.id,
      memberId: mary.id,
      gameCode: games[1]!.gameCode,
      reference: 'w2',
      winAmount: 980_000,
    });
    await winners.recordWin({
      operatorId: operator.id,
      memberId: johnathan.id,
      nodeId: fish.nodeId,
      reference: 'w3',
      winAmount: 55_500,
    });
    // Replaying a settlement does not add a second entry.
    expect(
      await winners.recordWin({
        operatorId: operator.id,
        memberId: mary.id,
        nodeId: games[2]!.nodeId,
        reference: 'w2',
        winAmount: 980_000,
      }),
    ).toBe(false);
    // A player's smaller win in the same game does not show beside their bigger one.
    await winners.recordWin({
      operatorId: operator.id,
      memberId: johnathan.id,
      nodeId: fish.nodeId,
      reference: 'w4',
      winAmount: 51_000,
    });
    // Wins older than the board's window are not "recent winners".
    await winners.recordWin({
      operatorId: operator.id,
      memberId: mary.id,
      nodeId: games[2]!.nodeId,
      reference: 'old',
      winAmount: 9_999_999,
      settledAt: Date.now() - 30 * 24 * 3600_000,
    });

    const boardOf = () =>
      get<{ list: { vo: Record<string, unknown> }[]; currencySymbol: string }>(
        app,
        '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20&imgSize=rx2',
      );
    // The demo minimum is 50.00: the 12.50 win is not a big win.
    const shown = await boardOf();
    expect(shown.currencySymbol).toBe('₱');
    expect(shown.list.map((e) => e.vo.winAmount)).toEqual(['9800.00', '555.00']);
    await patchSettings(app, { games: { winnerMinWin: 0 } });
    const board = (await boardOf()).list;
    expect(board.map((e) => e.vo.winAmount)).toEqual(['9800.00', '555.00', '12.50']);
    expect(board.map((e) => e.vo.customerName)).toEqual(['ma***y', 'jo***n', 'jo***n']);
    await patchSettings(app, { games: { winnerMinWin: 50_00 } });
    expect((await boardOf()).list).toHaveLength(2);
    const refused = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: await staffAuth(app),
      payload: { games: { winnerMinWin: -1 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(board)).not.toMatch(/johnathan|"mary"/);
    expect(board[0]!.vo).toMatchObject({
      gameName: games[1]!.gameName,
      iconUrl: games[1]!.iconUrl,
      nodeId: games[1]!.nodeId,
    });

    const fishOnly = (
      await get<{ list: { vo: { gameName: string } }[] }>(
        app,
        '/wps/relay/GCSGAME_getRankList?gameCategory=FISH',
      )
    ).list;
    expect(fishOnly.map((e) => e.vo.gameName)).toEqual([fish.gameName]);
    expect(
      (await get<{ list: unknown[] }>(app, '/wps/relay/GCSGAME_getRankList?limitNum=1')).list,
    ).toHaveLength(1);
    expect((await app.inject({ url: '/wps/relay/GCSGAME_getRankList?limitNum=21' })).statusCode).toBe(400);

    await expect(
      winners.recordWin({
        operatorId: operator.id,
        memberId: mary.id,
        nodeId: games[0]!.nodeId,
        reference: 'neg',
        winAmount: -5,
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('publishes the real pool: its seed until stakes contribute, capped at the ceiling', async () => {
    const operator = await app.services.settings.defaultOperator();
    const pool = await get<{
      amount: string;
      seed: string;
      ceiling: string;
      contributionBps: number;
      currency: string;
    }>(app, '/wps/game/jackpot');
    expect(pool.amount).toBe(pool.seed);
    // The currency as the site shows it, and the published chance: a 1.00 stake once in 20,000,000.
    expect(pool).toMatchObject({ currency: 'PHP', currencySymbol: '₱', stakeForCertainHit: '20000000.00' });
    expect(pool.contributionBps).toBeGreaterThan(0);
    expect(Number(pool.ceiling)).toBeGreaterThan(Number(pool.seed));

    const share = await app.services.jackpot.contribute(operator.id, 10_000);
    expect(share).toBe(Math.floor((10_000 * pool.contributionBps) / 10_000));
    const after = await get<{ amount: string }>(app, '/wps/game/jackpot');
    expect(Math.round(Number(after.amount) * 100)).toBe(Math.round(Number(pool.seed) * 100) + share);

    await app.services.jackpot.contribute(operator.id, 1e12);
    expect((await get<{ amount: string }>(app, '/wps/game/jackpot')).amount).toBe(pool.ceiling);
    const won = await app.services.jackpot.award(operator.id);
    expect(won).toBe(Math.round(Number(pool.ceiling) * 100));
    expect((await get<{ amount: string }>(app, '/wps/game/jackpot')).amount).toBe(pool.seed);
  });

  it('records wins and jackpot shares inside the caller’s transaction', async () => {
    const operator = await app.services.settings.defaultOperator();
    const member = await createTestMember(app, { username: 'transacting' });
    const game = (await get<GameList>(app, '/wps/relay/GCSGAME_gameList?gameType=INHOUSE&pageSize=1'))
      .games[0]!;
    const before = await get<{ amount: string }>(app, '/wps/game/jackpot');
    // A cold catalogue must not make recordWin reach for a second connection (SQLite has one).
    app.services.catalogue.invalidate(operator.id);
    const share = await app.services.db.transaction().execute(async (trx) => {
      await app.services.winners.recordWin(
        {
          operatorId: operator.id,
          memberId: member.id,
          gameCode: game.gameCode,
          reference: 'trx-1',
          winAmount: 142_00,
        },
        trx,
      );
      return app.services.jackpot.contribute(operator.id, 20_000, trx);
    });
    expect(share).toBeGreaterThan(0);
    const board = (
      await get<{ list: { vo: { customerName: string; winAmount: string } }[] }>(
        app,
        '/wps/relay/GCSGAME_getRankList',
      )
    ).list;
    expect(board.map((e) => e.vo)).toContainEqual(
      expect.objectContaining({ customerName: 'tr***g', winAmount: '142.00' }),
    );
    const after = await get<{ amount: string }>(app, '/wps/game/jackpot');
    expect(Math.round(Number(after.amount) * 100) - Math.round(Number(before.amount) * 100)).toBe(share);
  });
});

describe.each(DIALECTS)('demo seed switch on %s', (dialect) => {
  it('starts with an empty lobby when SEED_DEMO=0', async () => {
    const app = await createTestApp(dialect, { SEED_DEMO: '0' });
    expect((await get<GameList>(app, '/wps/relay/GCSGAME_gameList')).totalCount).toBe(0);
    expect((await get<VassGameType>(app, '/wps/relay/GCSGAME_getVassGameType')).categories).toEqual([]);
  });
});

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  it('runs once: a second run adds nothing and keeps operator edits', async () => {
    const app = await createTestApp(dialect);
    const staff = await staffAuth(app);
    const count = async () => (await get<GameList>(app, '/wps/relay/GCSGAME_gameList')).totalCount;
    const banners = async () => (await get<unknown[]>(app, '/bo/api/content/banners', staff)).length;
    const [games, bannerCount] = [await count(), await banners()];
    await app.inject({
      method: 'PUT',
      url: '/bo/api/vendors/RVN',
      headers: staff,
      payload: { enabled: false },
    });
    const operator = await app.services.settings.defaultOperator();
    await seedLobby(app.services.db, operator.id, ['EN', 'TY']);
    app.services.catalogue.invalidate(operator.id);
    expect(await banners()).toBe(bannerCount);
    const vendors = await get<{ code: string; enabled: boolean }[]>(app, '/bo/api/vendors', staff);
    expect(vendors.find((v) => v.code === 'RVN')!.enabled).toBe(false);
    expect(await count()).toBe(
      games - (await get<{ gameCount: number }>(app, '/bo/api/vendors/RVN', staff)).gameCount,
    );
  });
});

describe('cached lobby across instances on PostgreSQL and Redis', () => {
  // Two whole servers start here (migrations, seed data): slower than one test app.
  it(
    'drops every instance’s cached catalogue and content when one changes them',
    { timeout: 120_000 },
    async () => {
      const { appA, appB } = await createTwoInstances();
      const luxOnB = async () =>
        (await get<GameList>(appB, '/wps/relay/GCSGAME_gameList?vassalage=LUX')).totalCount;
      const homeBannersOnB = async () =>
        (
          await get<{ banners: { title: string }[] }>(
            appB,
            '/wps/relay/MCSFE_getListAnnouncements?types=B&groupName=m_game',
          )
        ).banners.map((b) => b.title);
      // B has both cached before A changes anything; a second start seeded nothing twice.
      expect(await luxOnB()).toBeGreaterThan(0);
      const before = await homeBannersOnB();
      expect(before.filter((t) => t === 'Welcome to Playhouse')).toHaveLength(1);

      const staff = await staffAuth(appA);
      await appA.inject({
        method: 'PUT',
        url: '/bo/api/vendors/LUX',
        headers: staff,
        payload: { enabled: false },
      });
      await appA.inject({
        method: 'POST',
        url: '/bo/api/content/banners',
        headers: staff,
        payload: { groupName: 'm_game', title: 'From A', url: '/lgw/art/banners/from-a.svg' },
      });
      await expect.poll(luxOnB, { timeout: 1500, interval: 20 }).toBe(0);
      await expect.poll(homeBannersOnB, { timeout: 1500, interval: 20 }).toContain('From A');
    },
  );
});
