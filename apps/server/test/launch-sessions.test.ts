import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameList } from '@playhouse/contract/games';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, fund, sign, staffHeaders } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';
import type { App } from '../src/app.ts';

async function firstGame(app: App, query: string) {
  const res = await app.inject({ url: `/wps/relay/GCSGAME_gameList?pageSize=1&${query}` });
  return (res.json().value as GameList).games[0]!;
}

/** A vendor with its own secret, wallet mode and launch address: a connected vendor. */
async function connect(app: App, code: string, walletMode: 'seamless' | 'transfer' = 'seamless') {
  const vendor = await connectVendor(app, code, { walletMode });
  const res = await app.inject({
    method: 'PUT',
    url: `/bo/api/vendors/${code}`,
    headers: await staffHeaders(app),
    payload: { launchUrl: `https://${code.toLowerCase()}.example/launch?skin=1` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return vendor;
}

async function launchToken(app: App, authorization: string, query: string, language = 'EN') {
  const res = await app.inject({
    url: `/wps/game/launchGame?${query}`,
    headers: { language, authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url as string);
  return { url, token: url.searchParams.get('token')! };
}

/** The vendor's exchange of a launch token, signed as the vendor signs. */
function authenticate(
  app: App,
  token: string,
  vendor: { code: string; secret: string },
  options: { signature?: string } = {},
) {
  const payload = JSON.stringify({ token });
  return app.inject({
    method: 'POST',
    url: '/wps/provider/wallet/authenticate',
    headers: {
      'content-type': 'application/json',
      'x-vendor': vendor.code,
      'x-signature': options.signature ?? sign(vendor.secret, payload),
    },
    payload,
  });
}

describe.each(DIALECTS)('launch sessions of connected vendors (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const jili = await connect(app, 'JILI');
    const pge = await connect(app, 'PGE');
    const fc = await connect(app, 'FC', 'transfer');
    return { app, jili, pge, fc };
  })();
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts a token bound to member, vendor, game, currency and language in the launch address', async () => {
    const { app, jili } = await ready;
    const member = await createTestMember(app);
    await fund(app, member.username, '12.34');
    const game = await firstGame(app, 'vassalage=JILI');
    const { url, token } = await launchToken(app, member.authorization, `nodeId=${game.nodeId}`, 'AR');
    expect(url.origin + url.pathname).toBe('https://jili.example/launch');
    expect(url.searchParams.get('skin')).toBe('1');
    expect(url.searchParams.get('game')).toBe(game.gameCode);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const wrongSignature = await authenticate(app, token, { code: 'JILI', secret: 'not-the-secret' });
    expect(wrongSignature.json().code).toBe('INVALID_SIGNATURE');
    // A failed signature does not spend the token.
    const res = await authenticate(app, token, jili);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      userName: member.username,
      currency: 'PHP',
      balance: '12.34',
      vendor: 'JILI',
      gameCode: game.gameCode,
      gameName: game.gameName,
      gameType: 'RNG',
      language: 'AR',
      freeplay: false,
      returnUrl: expect.stringMatching(/\/m\/home$/),
    });
    const reused = await authenticate(app, token, jili);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('LAUNCH_TOKEN_INVALID');
    await expectLedgerOk(app);
  });

  it("refuses another vendor's token, an expired one and a made-up one", async () => {
    const { app, jili, pge } = await ready;
    const member = await createTestMember(app);
    const pgGame = await firstGame(app, 'vassalage=PGE');
    const jiliGame = await firstGame(app, 'vassalage=JILI');

    // PGE's token presented by JILI (correctly signed by JILI) is refused, and spent.
    const { token: pgToken } = await launchToken(app, member.authorization, `nodeId=${pgGame.nodeId}`);
    expect((await authenticate(app, pgToken, jili)).json().code).toBe('LAUNCH_TOKEN_INVALID');
    expect((await authenticate(app, pgToken, pge)).json().code).toBe('LAUNCH_TOKEN_INVALID');

    // Five minutes later the token has expired.
    const { token: late } = await launchToken(app, member.authorization, `nodeId=${jiliGame.nodeId}`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await authenticate(app, late, jili)).json().code).toBe('LAUNCH_TOKEN_INVALID');
    vi.useRealTimers();

    expect((await authenticate(app, 'x'.repeat(43), jili)).json().code).toBe('LAUNCH_TOKEN_INVALID');
    // The stored rows never hold a token in clear.
    const stored = await app.services.db.selectFrom('launch_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(late);
    expect(stored.every((r) => r.currency === 'PHP')).toBe(true);
  });

  it('lets a transfer-mode vendor authenticate its launches, but not move seamless money', async () => {
    const { app, fc } = await ready;
    const member = await createTestMember(app);
    const game = await firstGame(app, 'vassalage=FC');
    const { token } = await launchToken(app, member.authorization, `nodeId=${game.nodeId}`);
    const res = await authenticate(app, token, fc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ userName: member.username, vendor: 'FC', currency: 'PHP' });
    const payload = JSON.stringify({ userName: member.username });
    const balance = await app.inject({
      method: 'POST',
      url: '/wps/provider/wallet/balance',
      headers: {
        'content-type': 'application/json',
        'x-vendor': 'FC',
        'x-signature': sign(fc.secret, payload),
      },
      payload,
    });
    expect(balance.json().code).toBe('WALLET_MODE_MISMATCH');
  });

  it('of 100 parallel exchanges of one token, exactly one succeeds', async () => {
    const { app, jili } = await ready;
    const member = await createTestMember(app);
    const game = await firstGame(app, 'vassalage=JILI');
    for (let round = 0; round < 2; round++) {
      const { token } = await launchToken(app, member.authorization, `nodeId=${game.nodeId}`);
      const outcomes = await race(100, () => authenticate(app, token, jili));
      expect(tally(outcomes, responseLabel)).toEqual({ '200': 1, '401 LAUNCH_TOKEN_INVALID': 99 });
    }
    const used = await app.services.db
      .selectFrom('launch_tokens')
      .select(['used_at'])
      .where('member_id', '=', member.id)
      .execute();
    expect(used).toHaveLength(2);
    expect(used.every((r) => r.used_at !== null)).toBe(true);
  });
});
