import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type { OrderDetail, OrdersPage, Round, RotateResult, Seeds } from '@playhouse/contract/play';
import type { App } from '../src/app.ts';
import { createPlayService } from '../src/modules/play/play.service.ts';
import { findPool, sumShares } from '../src/modules/jackpot/jackpot.repository.ts';
import { MAIN_POOL } from '../src/modules/jackpot/jackpot.service.ts';
import { DIALECTS, createTestApp, createTestMember, staffAuth } from './support/test-app.ts';
import { expectLedgerOk } from './support/ledger.ts';
import { race, responseLabel, tally } from './support/race.ts';
import { connectVendor, fund, seamlessCall, walletBalance } from './support/seamless.ts';
import { patchSettings } from './support/auth-client.ts';

const requestId = () => `req-${randomUUID()}`;
const minor = (money: string) => parseMoney(money.replace(/^-/, ''))! * (money.startsWith('-') ? -1 : 1);

type Member = Awaited<ReturnType<typeof createTestMember>>;

function client(app: App, m: Member) {
  const headers = { authorization: m.authorization };
  return {
    round: (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/play/api/rounds',
        headers,
        payload: {
          gameCode: 'COINFLIP',
          stake: '1.00',
          options: { side: 'heads' },
          requestId: requestId(),
          ...body,
        },
      }),
    get: (url: string) => app.inject({ url, headers }),
    send: (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
      app.inject({ method, url, headers, payload }),
  };
}

describe.each(DIALECTS)('in-house play (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  async function player(app: App, amount = '100.00') {
    const m = await createTestMember(app);
    if (amount !== '0.00') await fund(app, m.username, amount);
    return m;
  }

  /** The member lines of the round's ledger entry and every other line, by account. */
  async function entryLines(app: App, roundId: string) {
    const { db } = app.services;
    const entries = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reference', '=', roundId)
      .execute();
    expect(entries).toHaveLength(1);
    const lines = await db
      .selectFrom('ledger_lines as l')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .select(['l.amount', 'a.purpose', 'a.member_id'])
      .where('l.entry_id', '=', entries[0]!.id)
      .orderBy('l.id')
      .execute();
    // The member's stake and win are two lines, the stake first (limits count the stake).
    const member = lines.filter((l) => l.member_id !== null).map((l) => Number(l.amount));
    expect(member[0]).toBeLessThan(0);
    expect(member.slice(1).every((amount) => amount > 0)).toBe(true);
    const sums: Record<string, number> = {};
    for (const l of lines) {
      const key = l.member_id !== null ? 'member' : l.purpose!;
      sums[key] = (sums[key] ?? 0) + Number(l.amount);
    }
    return sums;
  }

  it('a round moves exactly its stake and win in one entry, and its answer carries the fairness data', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const seeds = (await c.get('/play/api/seeds')).json().value as Seeds;
    expect(seeds.nonce).toBe(0);
    const res = await c.round({ stake: '1.00' });
    expect(res.statusCode, res.body).toBe(200);
    const round = res.json().value as Round;
    expect(round).toMatchObject({
      gameCode: 'COINFLIP',
      stake: '1.00',
      shown: false,
      nonce: 0,
      jackpotWin: null,
    });
    expect(round.serverSeedHash).toBe(seeds.serverSeedHash);
    expect(['0.00', '1.94']).toContain(round.win);
    expect(round.balance).toBe(formatMoney(10_000 - 100 + minor(round.win)));
    expect(await walletBalance(app, m.authorization)).toBe(round.balance);
    const lines = await entryLines(app, round.roundId);
    expect(lines.member).toBe(minor(round.win) - 100);
    expect(lines['vendor:BGS']).toBe(100 - minor(round.win));
    expect(lines.jackpot ?? 0).toBe(0); // 0.5% of 1.00 rounds down to nothing
    expect(((await c.get('/play/api/seeds')).json().value as Seeds).nonce).toBe(1);

    // A stake the game does not take, options it refuses, a game that is not one.
    expect((await c.round({ stake: '1.50' })).json().code).toBe('STAKE_NOT_ALLOWED');
    const badOptions = await c.round({ options: { side: 'edge' } });
    expect(badOptions.statusCode).toBe(400);
    expect(badOptions.json().fields.options).toBeDefined();
    expect((await c.round({ gameCode: 'NOPE' })).statusCode).toBe(400);
    const guest = await app.inject({
      method: 'POST',
      url: '/play/api/rounds',
      payload: { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, requestId: requestId() },
    });
    expect(guest.statusCode).toBe(401);
    await expectLedgerOk(app);
  });

  it('a replayed requestId answers the first round and moves nothing; other content is a mismatch', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const id = requestId();
    const first = (await c.round({ requestId: id, options: { side: 'tails' } })).json().value as Round;
    const balance = await walletBalance(app, m.authorization);
    const again = await c.round({ requestId: id, options: { side: 'tails' } });
    expect(again.statusCode).toBe(200);
    const replayed = again.json().value as Round;
    expect(replayed.roundId).toBe(first.roundId);
    expect(replayed.result).toEqual(first.result);
    expect(replayed.nonce).toBe(first.nonce);
    expect(replayed.balance).toBe(first.balance);
    expect(await walletBalance(app, m.authorization)).toBe(balance);
    expect(((await c.get('/play/api/seeds')).json().value as Seeds).nonce).toBe(1);
    expect((await c.round({ requestId: id, options: { side: 'heads' } })).json().code).toBe(
      'IDEMPOTENCY_MISMATCH',
    );
    // The same request id of another member is another round.
    const other = client(app, await player(app));
    const theirs = (await other.round({ requestId: id, options: { side: 'tails' } })).json().value as Round;
    expect(theirs.roundId).not.toBe(first.roundId);
    await expectLedgerOk(app);
  });

  it('a game the operator closed takes no new round and moves nothing; a replay still answers', async () => {
    const app = await ready;
    const staff = await staffAuth(app);
    const m = await player(app);
    const c = client(app, m);
    const id = requestId();
    const first = (await c.round({ requestId: id })).json().value as Round;
    const setBgs = (enabled: boolean) =>
      app.inject({ method: 'PUT', url: '/bo/api/vendors/BGS', headers: staff, payload: { enabled } });
    expect((await setBgs(false)).statusCode).toBe(200);
    try {
      const balance = await walletBalance(app, m.authorization);
      const closed = await c.round({});
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('GAME_CLOSED');
      expect(await walletBalance(app, m.authorization)).toBe(balance);
      expect(((await c.round({ requestId: id })).json().value as Round).roundId).toBe(first.roundId);
    } finally {
      expect((await setBgs(true)).statusCode).toBe(200);
    }
    expect((await c.round({})).statusCode).toBe(200);
    await expectLedgerOk(app);
  });

  it('1,000 parallel rounds of one member with limited funds: ledger verified, balance exact, no nonce twice', async () => {
    const app = await ready;
    const m = await player(app, '40.00');
    const c = client(app, m);
    const outcomes = await race(1000, () => c.round({}));
    const counts = tally(outcomes, responseLabel);
    expect(
      Object.keys(counts).every((k) => k === '200' || k === '409 INSUFFICIENT_FUNDS'),
      JSON.stringify(counts),
    ).toBe(true);
    expect(counts['200']).toBeGreaterThanOrEqual(40);
    const rounds = outcomes.flatMap((o) =>
      o.ok && o.value.statusCode === 200 ? [o.value.json().value as Round] : [],
    );
    const nonces = rounds.map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => i));
    const expected = 4000 + rounds.reduce((sum, r) => sum + minor(r.win) - 100, 0);
    expect(await walletBalance(app, m.authorization)).toBe(formatMoney(expected));
    const stored = await app.services.db
      .selectFrom('play_rounds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(rounds.length);
    expect(((await c.get('/play/api/seeds')).json().value as Seeds).nonce).toBe(rounds.length);
    await expectLedgerOk(app);
  }, 120_000);

  it('rotating reveals a seed whose SHA-256 was committed, and every round of it recomputes through verify', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    expect((await c.send('PUT', '/play/api/seeds/client', { clientSeed: 'my-lucky-seed' })).statusCode).toBe(
      200,
    );
    const played: Round[] = [];
    const bets = [
      { gameCode: 'COINFLIP', stake: '1.00', options: { side: 'heads' } },
      { gameCode: 'DICE', stake: '2.00', options: { target: 50, direction: 'over' } },
      { gameCode: 'WHEEL', stake: '1.00', options: { risk: 'high' } },
      { gameCode: 'DICE', stake: '1.00', options: { target: 10, direction: 'under' } },
      { gameCode: 'SEVENS', stake: '0.20', options: undefined },
      { gameCode: 'JUNGLE', stake: '1.00', options: undefined },
      { gameCode: 'CASCADE', stake: '0.50', options: undefined },
    ];
    for (const bet of bets) played.push((await c.round(bet)).json().value as Round);
    expect(played.map((r) => r.clientSeed)).toEqual(bets.map(() => 'my-lucky-seed'));
    // Before rotation nothing reveals the server seed.
    const before = (await c.get(`/lgw/orders/detail?roundId=${played[0]!.roundId}`)).json()
      .value as OrderDetail;
    expect(before.fairness).toMatchObject({ serverSeed: null, serverSeedHash: played[0]!.serverSeedHash });

    const rotated = (await c.send('POST', '/play/api/seeds/rotate')).json().value as RotateResult;
    expect(rotated.previousServerSeedHash).toBe(played[0]!.serverSeedHash);
    expect(createHash('sha256').update(rotated.previousServerSeed).digest('hex')).toBe(
      rotated.previousServerSeedHash,
    );
    expect(rotated.previousNonce).toBe(bets.length);
    expect(rotated.serverSeedHash).not.toBe(rotated.previousServerSeedHash);
    expect(rotated).toMatchObject({ nonce: 0, clientSeed: 'my-lucky-seed' });

    for (const [i, round] of played.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/play/api/verify',
        payload: {
          gameCode: round.gameCode,
          serverSeed: rotated.previousServerSeed,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
          stake: round.stake,
          options: bets[i]!.options,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { serverSeedHash, outcome } = res.json().value;
      expect(serverSeedHash).toBe(round.serverSeedHash);
      expect(outcome.win).toBe(round.win);
      expect(outcome.result).toEqual(round.result);
      expect(outcome.jackpotHit).toBe(false);
    }
    const after = (await c.get(`/lgw/orders/detail?roundId=${played[0]!.roundId}`)).json()
      .value as OrderDetail;
    expect(after.fairness?.serverSeed).toBe(rotated.previousServerSeed);
    // The next round uses the new pair from nonce 0.
    const next = (await c.round({})).json().value as Round;
    expect(next).toMatchObject({ serverSeedHash: rotated.serverSeedHash, nonce: 0 });
    await expectLedgerOk(app);
  });

  it('rotations racing rounds: every round belongs to one revealed seed, its nonce used once, and recomputes', async () => {
    const app = await ready;
    const m = await player(app, '500.00');
    const c = client(app, m);
    const outcomes = await race(60, (i) =>
      i % 15 === 7 ? c.send('POST', '/play/api/seeds/rotate') : c.round({ options: { side: 'tails' } }),
    );
    expect(tally(outcomes, responseLabel)).toEqual({ '200': 60 });
    const revealed = new Map<string, string>();
    for (const o of outcomes) {
      if (!o.ok) continue;
      const v = o.value.json().value as Partial<RotateResult>;
      if (v.previousServerSeed) revealed.set(v.previousServerSeedHash!, v.previousServerSeed);
    }
    const last = (await c.send('POST', '/play/api/seeds/rotate')).json().value as RotateResult;
    revealed.set(last.previousServerSeedHash, last.previousServerSeed);
    const rounds = outcomes.flatMap((o) =>
      o.ok && 'roundId' in (o.value.json().value as object) ? [o.value.json().value as Round] : [],
    );
    expect(rounds).toHaveLength(56);
    const used = new Set<string>();
    for (const round of rounds) {
      const seed = revealed.get(round.serverSeedHash);
      expect(seed, 'the round’s seed was revealed by a rotation').toBeDefined();
      const key = `${round.serverSeedHash}:${round.nonce}`;
      expect(used.has(key)).toBe(false);
      used.add(key);
      const check = await app.inject({
        method: 'POST',
        url: '/play/api/verify',
        payload: {
          gameCode: 'COINFLIP',
          serverSeed: seed,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
          stake: '1.00',
          options: { side: 'tails' },
        },
      });
      expect(check.json().value.outcome.result).toEqual(round.result);
    }
    await expectLedgerOk(app);
  });

  it('a round drawn but not shown comes back on return, once, and is never drawn again', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const id = requestId();
    const drawn = (await c.round({ requestId: id, gameCode: 'WHEEL', options: { risk: 'medium' } })).json()
      .value as Round;
    // The tab closed before the spin ended. On return the client asks for what it did not show.
    const unshown = (await c.get('/play/api/rounds/unshown?gameCode=WHEEL')).json().value.list as Round[];
    expect(unshown.map((r) => r.roundId)).toEqual([drawn.roundId]);
    expect(unshown[0]).toMatchObject({
      result: drawn.result,
      win: drawn.win,
      balance: drawn.balance,
      shown: false,
    });
    expect((await c.get('/play/api/rounds/unshown?gameCode=DICE')).json().value.list).toEqual([]);
    // Its retry with the same request id answers the same round: no second draw, no nonce taken.
    const retried = (await c.round({ requestId: id, gameCode: 'WHEEL', options: { risk: 'medium' } })).json()
      .value as Round;
    expect(retried).toMatchObject({ roundId: drawn.roundId, result: drawn.result, nonce: drawn.nonce });
    expect(((await c.get('/play/api/seeds')).json().value as Seeds).nonce).toBe(1);
    const shown = await c.send('POST', `/play/api/rounds/${drawn.roundId}/shown`);
    expect(shown.json().value).toEqual({ roundId: drawn.roundId, shown: true });
    expect((await c.get('/play/api/rounds/unshown')).json().value.list).toEqual([]);
    // Recent rounds keep it for replay, shown now.
    const recent = (await c.get('/play/api/rounds/recent?gameCode=WHEEL')).json().value.list as Round[];
    expect(recent[0]).toMatchObject({ roundId: drawn.roundId, result: drawn.result, shown: true });
    // Another member can neither acknowledge nor read it.
    const other = client(app, await player(app));
    expect((await other.send('POST', `/play/api/rounds/${drawn.roundId}/shown`)).statusCode).toBe(404);
    expect((await other.get(`/lgw/orders/detail?roundId=${drawn.roundId}`)).json().code).toBe('NOT_FOUND');
    expect((await other.get('/play/api/rounds/recent')).json().value.list).toEqual([]);
    await expectLedgerOk(app);
  });

  it('keeps the last 10 rounds for replay, newest first', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(((await c.round({})).json().value as Round).roundId);
    const recent = (await c.get('/play/api/rounds/recent')).json().value.list as Round[];
    expect(recent.map((r) => r.roundId)).toEqual(ids.slice(2).reverse());
    await expectLedgerOk(app);
  });

  it('refuses a self-excluded or over-limit member with the right code and moves nothing', async () => {
    const app = await ready;
    const limited = await player(app);
    const c = client(app, limited);
    const set = await c.send('PUT', '/wps/member/limits', { wager: { day: '2.00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await c.round({ stake: '1.00' })).statusCode).toBe(200);
    const over = await c.round({ stake: '5.00' });
    expect(over.json().code).toBe('WAGER_LIMIT_REACHED');
    // Winning rounds count their whole stake: exactly two 1.00 rounds fit a 2.00 wager limit,
    // whatever they paid back.
    const steady = client(app, await player(app));
    expect((await steady.send('PUT', '/wps/member/limits', { wager: { day: '2.00' } })).statusCode).toBe(200);
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await steady.round({ stake: '1.00' })).json());
    expect(outcomes.map((o) => o.code ?? 'played')).toEqual([
      'played',
      'played',
      'WAGER_LIMIT_REACHED',
      'WAGER_LIMIT_REACHED',
    ]);
    const excluded = await player(app);
    const e = client(app, excluded);
    expect((await e.send('POST', '/wps/member/selfExclusion', { months: 6 })).statusCode).toBe(200);
    const balance = await walletBalance(app, excluded.authorization);
    const refused = await e.round({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SELF_EXCLUDED');
    expect(await walletBalance(app, excluded.authorization)).toBe(balance);
    expect(((await e.get('/play/api/seeds')).json().value as Seeds).nonce).toBe(0);
    expect((await e.get('/play/api/rounds/recent')).json().value.list).toEqual([]);
    // Not enough money is refused too, even for a round that would have won.
    const poor = client(app, await player(app, '0.50'));
    expect((await poor.round({})).json().code).toBe('INSUFFICIENT_FUNDS');
    await expectLedgerOk(app);
  });

  it('the jackpot pool grows by its published share, and an award pays through the ledger exactly once', async () => {
    const app = await ready;
    const operator = await app.services.settings.defaultOperator();
    const m = await player(app, '1000.00');
    const c = client(app, m);
    // The pool as the lobby counter computes it, without its few seconds of cache.
    const pool = async () => {
      const row = (await findPool(app.services.db, operator.id, MAIN_POOL))!;
      return Math.min(
        Number(row.ceiling),
        Number(row.seed) + (await sumShares(app.services.db, operator.id, MAIN_POOL)),
      );
    };
    const info = (await app.inject({ url: '/play/api/games/COINFLIP' })).json().value;
    expect(info.jackpot.contributionBps).toBe(50);
    const start = await pool();
    const big = (await c.round({ stake: '100.00' })).json().value as Round;
    expect(await pool()).toBe(start + 50); // 0.5% of 100.00
    expect((await entryLines(app, big.roundId)).jackpot).toBe(50);
    // A 1.00 stake's share is half a minor unit: the seed pair accrues it, so every second round pays one.
    const small = client(app, await player(app));
    const shares: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = (await small.round({})).json().value as Round;
      shares.push((await entryLines(app, r.roundId)).jackpot ?? 0);
    }
    expect(shares).toEqual([0, 1, 0, 1]);
    expect(await pool()).toBe(start + 52);

    // A play service whose jackpot draw always hits (the same database, ledger and pool).
    const s = app.services;
    const lucky = createPlayService(
      {
        db: s.db,
        ledger: s.ledger,
        protection: s.responsibleGambling,
        jackpot: s.jackpot,
        winners: s.winners,
        secrets: s.secrets,
        catalogue: s.catalogue,
      },
      { jackpotDrawRange: 1 },
    );
    const before = minor(await walletBalance(app, m.authorization));
    const potBefore = await pool();
    const body = {
      gameCode: 'COINFLIP' as const,
      stake: '1.00',
      options: { side: 'heads' },
      requestId: requestId(),
    };
    const won = await lucky.play({ id: m.id, operatorId: operator.id }, body);
    expect(won.jackpotWin).toBe(formatMoney(potBefore));
    const seedAmount = 10_000_000;
    expect(await pool()).toBe(seedAmount);
    const lines = await entryLines(app, won.roundId);
    expect(lines.member).toBe(minor(won.win) + potBefore - 100);
    expect(lines.jackpot).toBe(-potBefore);
    expect(minor(await walletBalance(app, m.authorization))).toBe(before + minor(won.win) + potBefore - 100);
    // The same request again: the first answer, no second prize.
    const again = await lucky.play({ id: m.id, operatorId: operator.id }, body);
    expect(again.roundId).toBe(won.roundId);
    expect(again.jackpotWin).toBe(won.jackpotWin);
    expect(await pool()).toBe(seedAmount);
    expect(minor(await walletBalance(app, m.authorization))).toBe(before + minor(won.win) + potBefore - 100);
    // The lobby counter shows the real pool, and the winner board the real win.
    const counter = (await app.inject({ url: '/wps/game/jackpot' })).json().value;
    expect(counter).toMatchObject({ seed: formatMoney(seedAmount), amount: formatMoney(seedAmount) });
    const board = (await app.inject({ url: '/wps/relay/GCSGAME_getRankList?gameType=INHOUSE' })).json().value
      .list as { vo: { winAmount: string; gameCode: string } }[];
    expect(board.map((e) => e.vo)).toContainEqual(
      expect.objectContaining({
        winAmount: formatMoney(minor(won.win) + potBefore),
        gameCode: 'BGS-COINFLIP',
      }),
    );
    // The jackpot's hit history lists it, newest first, the winner's name masked.
    const hits = (await app.inject({ url: '/wps/game/jackpot/hits' })).json().value as {
      currencySymbol: string;
      list: { gameName: string; customerName: string; amount: string; wonAt: number }[];
    };
    expect(hits.currencySymbol).toBe('₱');
    expect(hits.list[0]).toMatchObject({ amount: formatMoney(potBefore), gameName: 'Coin Flip' });
    expect(hits.list[0]!.customerName).toContain('***');
    expect(hits.list[0]!.customerName).not.toBe(m.username);
    await expectLedgerOk(app);
  });

  it('bet records list own in-house and vendor rounds with paging, totals and a date filter, behind RECORDS3', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    const rounds: Round[] = [];
    for (let i = 0; i < 5; i++) rounds.push((await c.round({})).json().value as Round);
    // A seamless vendor round: a 2.00 bet and a 3.00 win.
    const jili = await connectVendor(app, 'JILI');
    const bet = await seamlessCall(app, jili, 'bet', {
      userName: m.username,
      transactionId: `b-${randomUUID()}`,
      roundId: 'jili-round-1',
      gameCode: 'JILI-001',
      amount: '2.00',
    });
    expect(bet.statusCode, bet.body).toBe(200);
    await seamlessCall(app, jili, 'win', {
      userName: m.username,
      transactionId: `w-${randomUUID()}`,
      roundId: 'jili-round-1',
      gameCode: 'JILI-001',
      amount: '3.00',
    });
    const page1 = (await c.get('/lgw/orders?pageNo=1&pageSize=4')).json().value as OrdersPage;
    expect(page1).toMatchObject({ totalCount: 6, totalPages: 2 });
    expect(page1.list).toHaveLength(4);
    expect(page1.list[0]).toMatchObject({
      roundId: 'jili-round-1',
      vendor: 'JILI',
      stake: '2.00',
      win: '3.00',
      status: 'settled',
    });
    const page2 = (await c.get('/lgw/orders?pageNo=2&pageSize=4')).json().value as OrdersPage;
    expect(page2.list).toHaveLength(2);
    const inHouseWin = rounds.reduce((sum, r) => sum + minor(r.win), 0);
    expect(page1.totals).toEqual({
      stake: formatMoney(500 + 200),
      win: formatMoney(inHouseWin + 300),
      net: formatMoney(inHouseWin + 300 - 700),
    });
    const seen = [...page1.list, ...page2.list].map((o) => o.roundId);
    expect(new Set(seen)).toEqual(new Set([...rounds.map((r) => r.roundId), 'jili-round-1']));
    const inHouse = (await c.get('/lgw/orders?gameType=INHOUSE')).json().value as OrdersPage;
    expect(inHouse.totalCount).toBe(5);
    expect(inHouse.list[0]).toMatchObject({ vendor: 'BGS', gameCode: 'BGS-COINFLIP', status: 'settled' });
    const future = (await c.get('/lgw/orders?startDate=2099-01-01&endDate=2099-01-02')).json()
      .value as OrdersPage;
    expect(future).toMatchObject({ totalCount: 0, list: [] });
    const detail = (await c.get(`/lgw/orders/detail?roundId=${rounds[0]!.roundId}`)).json()
      .value as OrderDetail;
    expect(detail).toMatchObject({ roundId: rounds[0]!.roundId, result: rounds[0]!.result, stake: '1.00' });
    // Another member sees none of it.
    const other = client(app, await player(app));
    expect(((await other.get('/lgw/orders')).json().value as OrdersPage).totalCount).toBe(0);
    expect((await app.inject({ url: '/lgw/orders' })).statusCode).toBe(401);
    await patchSettings(app, { whitelabel: { RECORDS3: false } });
    try {
      const gated = await c.get('/lgw/orders');
      expect(gated.statusCode).toBe(403);
      expect(gated.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await patchSettings(app, { whitelabel: { RECORDS3: true } });
    }
    await expectLedgerOk(app);
  });

  it('publishes each game’s rules with safe play settings and the member’s reality check', async () => {
    const app = await ready;
    const m = await player(app);
    const c = client(app, m);
    await c.send('PUT', '/wps/member/limits', { realityCheckMinutes: 30 });
    const info = (await c.get('/play/api/games/DICE')).json().value;
    expect(info).toMatchObject({
      gameCode: 'DICE',
      name: 'Dice',
      kind: 'instant',
      safety: { autoplay: false, minSpinMs: 2500, realityCheckMinutes: 30 },
    });
    expect(info.rtp).toBeGreaterThan(0.9);
    expect(info.stakes[0]).toBe('1.00');
    const guest = (await app.inject({ url: '/play/api/games/WHEEL' })).json().value;
    expect(guest.safety.realityCheckMinutes).toBeNull();
    expect((await app.inject({ url: '/play/api/games/NOPE' })).statusCode).toBe(400);
  });
});
