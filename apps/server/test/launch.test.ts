import { createHash } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { GameList } from '@playhouse/contract/games';
import { insertGames, insertVendors } from '../src/modules/games/games.repository.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { listenForReal, startReferenceProvider, type RunningProvider } from './support/reference-provider.ts';
import { fund, sign, staffHeaders, walletBalance } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import type { App } from '../src/app.ts';

interface Launch {
  url: string;
  nodeId: number;
  gameCode: string;
  vassalage: string;
  freeplay: boolean;
  demo: boolean;
}

async function firstGame(app: App, query: string) {
  const res = await app.inject({ url: `/wps/relay/GCSGAME_gameList?pageSize=1&${query}` });
  return (res.json().value as GameList).games[0]!;
}

const launch = (app: App, authorization: string | undefined, query: string) =>
  app.inject({
    url: `/wps/game/launchGame?${query}`,
    headers: { language: 'EN', ...(authorization ? { authorization } : {}) },
  });

async function launched(app: App, authorization: string, query: string): Promise<Launch> {
  const res = await launch(app, authorization, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Launch;
}

async function setDemoMode(app: App, demoMode: boolean) {
  const res = await app.inject({
    method: 'PUT',
    url: '/bo/api/settings',
    headers: await staffHeaders(app),
    payload: { games: { demoMode } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The provider's exchange of a launch token, signed as it would sign it. */
function redeem(app: App, token: string, options: { vendor: string; secret: string; signature?: string }) {
  const payload = JSON.stringify({ token });
  return app.inject({
    method: 'POST',
    url: '/wps/provider/session',
    headers: {
      'content-type': 'application/json',
      'x-vendor': options.vendor,
      'x-signature': options.signature ?? sign(options.secret, payload),
    },
    payload,
  });
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe.each(DIALECTS)('game launch (%s)', (dialect) => {
  const providers: RunningProvider[] = [];
  afterAll(async () => {
    await Promise.all(providers.map((p) => p.stop()));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ready = (async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    const secret = (await app.services.demo.providerSecret(operator.id))!;
    const target = await listenForReal(app);
    // The demo provider as `npm start` runs it: a separate process signing with the demo secret.
    const provider = await startReferenceProvider({ target, vendor: 'DEMO', secret });
    providers.push(provider);
    return { app, operator, secret, target, provider };
  })();

  it('sends guests away, and lets only member types 0, 1 and 2 play for free', async () => {
    const { app } = await ready;
    const guest = await launch(app, undefined, 'gameCode=BGS-DICE');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('NOT_LOGGED_IN');

    for (const type of [0, 1, 2]) {
      const member = await createTestMember(app, { type });
      const free = await launched(app, member.authorization, 'gameCode=BGS-DICE&freeplay=1');
      expect(free).toMatchObject({ freeplay: true, demo: false, gameCode: 'BGS-DICE' });
      expect(new URL(free.url, 'http://x').searchParams.get('freeplay')).toBe('1');
    }
    for (const type of [4, 3, 40]) {
      const member = await createTestMember(app, { type });
      const refused = await launch(app, member.authorization, 'gameCode=BGS-DICE&freeplay=1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FREE_REJECT' });
      expect(refused.json().message).toMatch(/trial/i);
    }
    // A trial account may still open a game with its own (trial) wallet.
    const trial = await createTestMember(app, { type: 4 });
    const real = await launched(app, trial.authorization, 'gameCode=BGS-DICE');
    expect(real.freeplay).toBe(false);
    expect(real.url).not.toContain('freeplay');

    // Free play needs a game that offers it: live tables do not.
    const member = await createTestMember(app);
    const live = await firstGame(app, 'gameType=LIVE');
    expect(live.freeplay).toBe(false);
    const noFree = await launch(app, member.authorization, `nodeId=${live.nodeId}&freeplay=1`);
    expect(noFree.statusCode).toBe(400);
    expect(noFree.json().fields).toHaveProperty('freeplay');
  });

  it('opens the spec special cases in their modes', async () => {
    const { app, operator } = await ready;
    const at = Date.now();
    await insertVendors(
      app.services.db,
      ['TCG_SEA', 'TCG_LOTTO_VN'].map((code, i) => ({
        operator_id: operator.id,
        code,
        display_name: code,
        category: i === 0 ? 'ELOTT' : 'LOTT',
        sort: 100 + i,
        enabled: 1,
        wallet_mode: 'seamless' as const,
        secret: null,
        launch_url: null,
        updated_at: at,
      })),
    );
    await insertGames(
      app.services.db,
      [
        ['TCG_SEA', 'SEA-DRAW-1', 'ELOTT'],
        ['TCG_LOTTO_VN', 'VN-HN', 'LOTT'],
      ].map(([vendor, code, type], i) => ({
        operator_id: operator.id,
        vendor_code: vendor!,
        code: code!,
        name: code!,
        game_type: type!,
        category: type!,
        classify: '',
        is_new: 0,
        hot_rank: 0,
        min_bet: 100,
        lines: 0,
        sort: 9000 + i,
        enabled: 1,
        freeplay: 0,
        lotto_mode: null,
        room_id: null,
        created_at: at,
      })),
    );
    for (const code of ['TCG_SEA', 'TCG_LOTTO_VN']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/bo/api/vendors/${code}`,
        headers: await staffHeaders(app),
        payload: {
          enabled: true,
          secret: 'a-vendor-secret',
          launchUrl: `https://${code.toLowerCase()}.example/launch`,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const member = await createTestMember(app);
    const params = async (query: string) => {
      const { url, demo } = await launched(app, member.authorization, query);
      expect(demo).toBe(false);
      return new URL(url).searchParams;
    };

    // TCG_SEA always opens in prize mode SEA, whatever the client asked; its play type as asked.
    const sea = await params('gameCode=SEA-DRAW-1&prizeMode=Elott&playType=trad');
    expect([sea.get('prizeMode'), sea.get('playType'), sea.get('game')]).toEqual([
      'SEA',
      'trad',
      'SEA-DRAW-1',
    ]);
    expect(sea.get('returnUrl')).toMatch(/^http:\/\/localhost(:\d+)?\/m\/home$/);
    // TCG_LOTTO_VN is always the traditional play.
    const vn = await params('gameCode=VN-HN&playType=ent&returnUrl=/m/lott');
    expect(vn.get('playType')).toBe('trad');
    expect(vn.get('returnUrl')).toMatch(/\/m\/lott$/);

    // LOTT and ELOTT games take the play type asked for, else their own.
    const lott = await firstGame(app, 'gameType=LOTT&vassalage=LTO');
    const elott = await firstGame(app, 'gameType=ELOTT&vassalage=ELT');
    for (const [game, own] of [
      [lott, 'trad'],
      [elott, 'ent'],
    ] as const) {
      await connectLaunch(app, game.vassalage);
      expect((await params(`nodeId=${game.nodeId}`)).get('playType')).toBe(own);
      expect((await params(`nodeId=${game.nodeId}&playType=trad`)).get('playType')).toBe('trad');
    }
    // A return address must be one of the site's pages.
    const bad = await launch(app, member.authorization, 'gameCode=VN-HN&returnUrl=https://evil.example/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('returnUrl');
  });

  it('answers VENDOR_NOT_CONNECTED for an unconnected vendor while demo mode is off', async () => {
    const { app, provider } = await ready;
    app.services.demo.useProvider({ url: provider.url });
    const member = await createTestMember(app);
    const jili = await firstGame(app, 'vassalage=JILI');
    await setDemoMode(app, false);
    const refused = await launch(app, member.authorization, `nodeId=${jili.nodeId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('VENDOR_NOT_CONNECTED');

    // On again (as in the demo data), the same tile opens the provider's demo and becomes recent.
    await setDemoMode(app, true);
    const demo = await launched(app, member.authorization, `nodeId=${jili.nodeId}`);
    expect(demo).toMatchObject({ demo: true, freeplay: false, vassalage: 'JILI' });
    expect(demo.url.startsWith(`${provider.url}/demo/play?`)).toBe(true);
    const recent = await app.inject({
      url: '/wps/relay/MCSFE_getRecentGames',
      headers: { authorization: member.authorization },
    });
    expect(recent.json().value.list[0].nodeId).toBe(jili.nodeId);

    // Without a running provider there is nothing to stand in: not connected.
    app.services.demo.useProvider(undefined);
    expect((await launch(app, member.authorization, `nodeId=${jili.nodeId}`)).json().code).toBe(
      'VENDOR_NOT_CONNECTED',
    );
    app.services.demo.useProvider({ url: provider.url });
  });

  it('issues demo launch tokens that are stored hashed, work once, for one vendor, and expire', async () => {
    const { app, secret, provider } = await ready;
    app.services.demo.useProvider({ url: provider.url });
    const member = await createTestMember(app);
    const jili = await firstGame(app, 'vassalage=JILI');
    const fc = await firstGame(app, 'vassalage=FC');
    const open = async (game: { nodeId: number }) =>
      tokenOf(
        (await launched(app, member.authorization, `nodeId=${game.nodeId}&returnUrl=/m/slot-games`)).url,
      );

    const token = await open(jili);
    const stored = await app.services.db.selectFrom('launch_tokens').selectAll().execute();
    expect(stored.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await redeem(app, token, { vendor: 'JILI', secret: 'not-the-demo-secret' })).json().code).toBe(
      'INVALID_SIGNATURE',
    );
    const session = await redeem(app, token, { vendor: 'JILI', secret });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().value).toMatchObject({
      userName: member.username,
      currency: 'PHP',
      vendor: 'JILI',
      gameCode: jili.gameCode,
      gameName: jili.gameName,
      language: 'EN',
      freeplay: false,
    });
    expect(session.json().value.returnUrl).toMatch(/^http:\/\/localhost(:\d+)?\/m\/slot-games$/);
    const again = await redeem(app, token, { vendor: 'JILI', secret });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('LAUNCH_TOKEN_INVALID');

    // Another vendor's token is refused (and spent).
    const fcToken = await open(fc);
    expect((await redeem(app, fcToken, { vendor: 'JILI', secret })).json().code).toBe('LAUNCH_TOKEN_INVALID');
    expect((await redeem(app, fcToken, { vendor: 'FC', secret })).json().code).toBe('LAUNCH_TOKEN_INVALID');

    // A token left for more than five minutes has expired.
    const late = await open(jili);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await redeem(app, late, { vendor: 'JILI', secret })).json().code).toBe('LAUNCH_TOKEN_INVALID');
    vi.useRealTimers();

    // The demo secret signs for vendors the demo stands in for, never for one with its own secret.
    await connectLaunch(app, 'PGE');
    const pg = await firstGame(app, 'vassalage=PGE');
    const own = await launched(app, member.authorization, `nodeId=${pg.nodeId}`);
    expect(own.demo).toBe(false);
    const payload = JSON.stringify({ userName: member.username });
    const forged = await app.inject({
      method: 'POST',
      url: '/wps/provider/wallet/balance',
      headers: {
        'content-type': 'application/json',
        'x-vendor': 'PGE',
        'x-signature': sign(secret, payload),
      },
      payload,
    });
    expect(forged.json().code).toBe('INVALID_SIGNATURE');
  });

  it('plays a demo round through the real provider process: stake and win move the balance exactly', async () => {
    const { app, provider } = await ready;
    app.services.demo.useProvider({ url: provider.url });
    const member = await createTestMember(app);
    await fund(app, member.username, '100.00');
    const jili = await firstGame(app, 'vassalage=JILI');
    const { url } = await launched(app, member.authorization, `nodeId=${jili.nodeId}&returnUrl=/m/home`);

    // The browser's first request: the provider spends the token and moves the game off its address.
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/demo/game');
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${provider.url}/demo/game`, { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('data-demo-badge>DEMO<');
    expect(html).toContain('data-balance>100.00<');
    expect(html).toContain(jili.gameName);
    expect(html).toMatch(/href="http:\/\/localhost(:\d+)?\/m\/home" data-back/);
    // The token is spent: opening the address again shows the expired page.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);

    let expected = 100_00;
    const rounds: string[] = [];
    const winning: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${provider.url}/demo/api/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ stake: 500 }),
      });
      expect(res.status).toBe(200);
      const spin = (await res.json()) as {
        win: string;
        stake: string;
        balance: string;
        multiplier: number;
        roundId: string;
      };
      expect(spin.stake).toBe('5.00');
      expect(spin.win).toBe((spin.multiplier * 5).toFixed(2));
      expected += spin.multiplier * 500 - 500;
      expect(spin.balance).toBe((expected / 100).toFixed(2));
      rounds.push(spin.roundId);
      if (spin.multiplier > 0) winning.push(spin.roundId);
    }
    expect(await walletBalance(app, member.authorization)).toBe((expected / 100).toFixed(2));

    // Each round is a bet and a win in the ledger, against the vendor's house account.
    const lines = await app.services.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
      .select(['e.kind', 'e.reference', 'e.source', 'l.amount', 'l.balance_after'])
      .where('e.reference', 'in', rounds)
      .execute();
    const memberLines = lines.filter((l) => l.balance_after !== null);
    expect(memberLines.filter((l) => l.kind === 'bet').map((l) => Number(l.amount))).toEqual(
      Array(5).fill(-500),
    );
    // A losing spin closes its round with a win of 0.00, which moves nothing.
    expect(
      memberLines
        .filter((l) => l.kind === 'win')
        .map((l) => l.reference)
        .sort(),
    ).toEqual(winning.sort());
    expect(new Set(lines.map((l) => l.source))).toEqual(new Set(['vendor:JILI']));
    expect(memberLines.reduce((sum, l) => sum + Number(l.amount), 0)).toBe(expected - 100_00);

    // A stake the balance cannot cover is refused by our wallet, in the player's language.
    const poor = await createTestMember(app);
    const poorUrl = (await launched(app, poor.authorization, `nodeId=${jili.nodeId}`)).url;
    const poorCookie = (await fetch(poorUrl, { redirect: 'manual' })).headers
      .get('set-cookie')!
      .split(';')[0]!;
    const refused = await fetch(`${provider.url}/demo/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: poorCookie },
      body: JSON.stringify({ stake: 100 }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '0.00' });
    await expectLedgerOk(app);
  });

  it('plays a free-play demo with play money and moves nothing', async () => {
    const { app, provider } = await ready;
    app.services.demo.useProvider({ url: provider.url });
    const member = await createTestMember(app);
    await fund(app, member.username, '10.00');
    const slot = await firstGame(app, 'vassalage=FC&gameType=RNG');
    const { url, freeplay } = await launched(app, member.authorization, `nodeId=${slot.nodeId}&freeplay=1`);
    expect(freeplay).toBe(true);
    const cookie = (await fetch(url, { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    const html = await (await fetch(`${provider.url}/demo/game`, { headers: { cookie } })).text();
    expect(html).toContain('data-balance>2000.00<');
    const spin = await fetch(`${provider.url}/demo/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ stake: 1000 }),
    });
    const result = (await spin.json()) as { balance: string; multiplier: number };
    expect(result.balance).toBe((2000 - 10 + result.multiplier * 10).toFixed(2));
    expect(await walletBalance(app, member.authorization)).toBe('10.00');
    await expectLedgerOk(app);
  });
});

/** Gives a vendor its own credentials and launch address (a connected vendor). */
async function connectLaunch(app: App, code: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/bo/api/vendors/${code}`,
    headers: await staffHeaders(app),
    payload: {
      enabled: true,
      secret: `${code}-own-secret`,
      launchUrl: `https://${code.toLowerCase()}.example/launch`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
