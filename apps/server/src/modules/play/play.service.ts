import { randomBytes } from 'node:crypto';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import {
  RECENT_ROUNDS,
  type GameInfo,
  type InHouseGameCode,
  type Round,
  type RotateResult,
  type RoundRequest,
  type Seeds,
  type VerifyRequest,
  type VerifyResult,
} from '@playhouse/contract/play';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { IN_HOUSE_GAMES } from '@playhouse/games/catalogue';
import { commitSeed, newServerSeed } from '@playhouse/games/fair-draw';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { CatalogueService } from '../games/catalogue.service.ts';
import { POOL_SHARDS } from '../jackpot/jackpot.repository.ts';
import { MAIN_POOL, type JackpotService } from '../jackpot/jackpot.service.ts';
import { requestHash, type Leg } from '../ledger/ledger-rules.ts';
import type { LedgerService, PostRequest } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import { findProfile } from '../responsible-gambling/responsible-gambling.repository.ts';
import type { SecretBox } from '../system/secret-box.ts';
import type { WinnersService } from '../winners/winners.service.ts';
import { drawRound, inHouseGame, JACKPOT_DRAW_RANGE } from './play-rules.ts';
import * as repo from './play.repository.ts';

/** The vendor of in-house games; its stakes and wins move against the `vendor:BGS` house account. */
export const PLAY_VENDOR = 'BGS';
/** The ledger's idempotency namespace of in-house rounds (keys: `<memberId>:<requestId>`). */
export const PLAY_SOURCE = `play:${PLAY_VENDOR}`;
const SEAL_PURPOSE = 'play:server-seed';
/** How many unshown rounds one call hands back (a member rarely has more than one). */
const UNSHOWN_LIMIT = 50;
const DEFAULT_CLIENT_SEED_BYTES = 8;

/** What the ledger keeps as the round's answer; the rest is read from the round's row. */
interface StoredRound {
  roundId: string;
  balance: string;
}

type Member = Pick<AuthenticatedMember, 'id' | 'operatorId'>;

/** A concurrent retry of the same request committed first; posting again answers it. */
class ReplayFirst extends Error {}

export interface PlayServiceOptions {
  /**
   * Range of the jackpot draw (play-rules JACKPOT_DRAW_RANGE). Only a test that must see the
   * jackpot paid sets a smaller one.
   */
  jackpotDrawRange?: number;
}

/**
 * In-house play (vendor BGS): provably-fair rounds through the same ledger as any vendor.
 *
 * A round is one ledger movement keyed by the client's request id: the stake leaves the member, the
 * win (and a jackpot prize) comes back, the jackpot's share of the stake goes to the `jackpot` house
 * account and the rest to `vendor:BGS`. Everything is decided while the member's account is locked:
 * the nonce is taken from the seed pair, the outcome drawn, the jackpot awarded; the round's row, the
 * responsible-gambling check, the pool and the winner board are written in the same transaction, so
 * a refused or failed round leaves nothing behind and a retried request answers the first round
 * without drawing again.
 */
export function createPlayService(
  deps: {
    db: Db;
    ledger: LedgerService;
    protection: Pick<ResponsibleGamblingService, 'assertStakeAllowed'>;
    jackpot: JackpotService;
    winners: Pick<WinnersService, 'recordWin' | 'recorded'>;
    secrets: SecretBox;
    catalogue: Pick<CatalogueService, 'findOpenGame'>;
  },
  options: PlayServiceOptions = {},
) {
  const { db, ledger, protection, jackpot, winners, secrets, catalogue } = deps;
  const jackpotRange = options.jackpotDrawRange ?? JACKPOT_DRAW_RANGE;
  // Server seeds are opened once per pair, not once per round. Keyed by the sealed seed itself, never
  // by the row id: a pair made in a round that was refused and rolled back can leave an entry here,
  // and on SQLite the next pair reuses that id; a sealing (random nonce) is never made twice, so an
  // entry can only ever answer the seed it was opened from.
  const opened = boundedMemo<string, string>(10_000);

  const openSeed = (row: { server_seed: string }) => {
    let seed = opened.get(row.server_seed);
    if (seed === undefined) {
      seed = secrets.open(SEAL_PURPOSE, row.server_seed);
      opened.set(row.server_seed, seed);
    }
    return seed;
  };

  // The seed pair each member last played on this instance, for PostgreSQL's one-round-trip rounds
  // (decision 035): a round is drawn from it beforehand and the database takes the nonce only if
  // it is still this one, so a stale entry (another instance played, the pair rotated) costs one
  // round through the general path, never a round drawn from the wrong nonce. Keyed by operator.
  const lastSeeds = boundedMemo<
    string,
    { seedId: number; sealed: string; hash: string; clientSeed: string; nonce: number; accrued: number }
  >(10_000);
  const seedKey = (member: Member) => `${member.operatorId}|${member.id}`;

  const defaultClientSeed = () => randomBytes(DEFAULT_CLIENT_SEED_BYTES).toString('hex');

  /** Adds the member's next seed generation (the first, or after a rotation). */
  async function addGeneration(trx: Db, member: Member, generation: number, clientSeed: string) {
    const serverSeed = newServerSeed();
    await repo.insertSeed(trx, {
      operator_id: member.operatorId,
      member_id: member.id,
      generation,
      server_seed: secrets.seal(SEAL_PURPOSE, serverSeed),
      server_seed_hash: commitSeed(serverSeed),
      client_seed: clientSeed,
      nonce: 0,
      created_at: now(),
      revealed_at: null,
    });
  }

  /** The member's current pair, made on first use. */
  async function currentSeed(trx: Db, member: Member) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.findCurrentSeed(trx, member.id);
      if (row) return row;
      await addGeneration(
        trx,
        member,
        (await repo.latestGeneration(trx, member.id)) + 1,
        defaultClientSeed(),
      );
    }
    throw new AppError('CONFLICT');
  }

  /** Takes the next nonce of the member's pair (made on first use); the seeds a round is drawn from. */
  async function takeNonce(trx: Db, member: Member, clientSeed: string | undefined, accrue: number) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.takeNonce(trx, member.id, clientSeed, accrue);
      if (row) {
        // The whole minor units the pair's running jackpot share crossed with this round.
        const accrued = Number(row.jackpot_accrued);
        const share = Math.floor(accrued / 10_000) - Math.floor((accrued - accrue) / 10_000);
        return {
          seedId: Number(row.id),
          serverSeed: openSeed(row),
          serverSeedHash: row.server_seed_hash,
          clientSeed: row.client_seed,
          nonce: Number(row.nonce) - 1,
          share,
        };
      }
      // No unrevealed pair: the member's first round, or a rotation committed while this waited.
      if (!(await repo.findCurrentSeed(trx, member.id)))
        await addGeneration(
          trx,
          member,
          (await repo.latestGeneration(trx, member.id)) + 1,
          clientSeed ?? defaultClientSeed(),
        );
    }
    throw new AppError('CONFLICT');
  }

  /** Whether the operator's catalogue has the game open (the game and its vendor enabled). */
  async function isOpen(operatorId: number, code: string) {
    try {
      await catalogue.findOpenGame(operatorId, { gameId: `${PLAY_VENDOR}-${code}` });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  function gameOf(code: string) {
    const game = inHouseGame(code);
    if (!game) throw new AppError('NOT_FOUND');
    return game;
  }

  function parseGameOptions(maths: ReturnType<typeof gameOf>['maths'], raw: unknown) {
    try {
      return maths.parseOptions(raw);
    } catch (error) {
      if (error instanceof RangeError) throw fieldError('options', 'invalidOption');
      throw error;
    }
  }

  function roundView(row: repo.RoundRow): Round {
    return {
      roundId: row.round_id,
      gameCode: row.game_code as InHouseGameCode,
      stake: formatMoney(Number(row.stake)),
      win: formatMoney(Number(row.win)),
      balance: formatMoney(Number(row.balance_after)),
      result: JSON.parse(row.result) as unknown,
      options: row.options === null ? null : (JSON.parse(row.options) as unknown),
      serverSeedHash: '',
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
      jackpotWin: Number(row.jackpot_win) > 0 ? formatMoney(Number(row.jackpot_win)) : null,
      shown: Number(row.shown) === 1,
      settledAt: Number(row.created_at),
    };
  }

  /** Rows as the client sees them, with their pair's commitment. */
  async function roundViews(rows: repo.RoundRow[]): Promise<Round[]> {
    const seeds = await repo.findSeedsByIds(db, [...new Set(rows.map((r) => Number(r.seed_id)))]);
    const hashes = new Map(seeds.map((s) => [Number(s.id), s.server_seed_hash]));
    return rows.map((r) => ({ ...roundView(r), serverSeedHash: hashes.get(Number(r.seed_id)) ?? '' }));
  }

  return {
    /** Plays one round (or answers the round a replayed request id already played). */
    async play(member: Member & { currency?: string | undefined }, body: RoundRequest): Promise<Round> {
      const game = gameOf(body.gameCode);
      const stake = parseMoney(body.stake);
      if (stake === undefined) throw fieldError('stake', 'invalidFormat');
      if (!game.maths.stakes.includes(stake)) throw new AppError('STAKE_NOT_ALLOWED');
      const parsedOptions = parseGameOptions(game.maths, body.options);

      // A signed-in member was active when their request was signed in, and the stake judges it
      // again inside the movement (activeMemberOnly); their currency never changes.
      const wallet =
        member.currency !== undefined
          ? { active: true, currency: member.currency, operatorId: member.operatorId }
          : await ledger.wallet({ memberId: member.id });
      if (!wallet || wallet.operatorId !== member.operatorId) throw new AppError('ACCOUNT_UNAVAILABLE');
      const key = `${member.id}:${body.requestId}`;
      // A closed account or a game the operator closed takes no new round; a replay still answers.
      const open = wallet.active && (await isOpen(member.operatorId, body.gameCode));
      if (!open && !(await ledger.find(member.operatorId, PLAY_SOURCE, key)))
        throw new AppError(wallet.active ? 'GAME_CLOSED' : 'ACCOUNT_UNAVAILABLE');

      const roundId = `R${Date.now().toString(36)}${randomBytes(9).toString('hex')}`;
      const at = now();
      let drawn:
        | {
            seedId: number;
            serverSeedHash: string;
            clientSeed: string;
            nonce: number;
            win: number;
            result: unknown;
            share: number;
            award: number;
          }
        | undefined;

      const request: PostRequest<StoredRound> = {
        operatorId: member.operatorId,
        kind: 'bet',
        source: PLAY_SOURCE,
        key,
        requestHash: requestHash({
          gameCode: body.gameCode,
          stake,
          clientSeed: body.clientSeed ?? null,
          options: body.options ?? null,
        }),
        memberId: member.id,
        activeMemberOnly: true,
        currency: wallet.currency,
        reference: roundId,
        // Decided under the member's lock: one nonce per round, the outcome drawn exactly once.
        legs: async (trx, locked): Promise<Leg[]> => {
          // The stake must be there even when the round's win would cover it.
          if (locked.balance < stake) {
            // A retry of this request committed while this one waited for the lock: answer it.
            if (await repo.entryExists(trx, member.operatorId, PLAY_SOURCE, key)) throw new ReplayFirst();
            throw new AppError('INSUFFICIENT_FUNDS', { extra: { balance: formatMoney(locked.balance) } });
          }
          // The jackpot's exact share (basis points of the stake) accrues on the seed pair's row.
          const bps = await jackpot.rate(member.operatorId, trx);
          const { share, ...seeds } = await takeNonce(trx, member, body.clientSeed, stake * bps);
          const outcome = drawRound(game.maths, seeds, stake, parsedOptions, jackpotRange);
          const award = outcome.jackpotHit ? await jackpot.award(member.operatorId, trx) : 0;
          drawn = { ...seeds, win: outcome.win, result: outcome.result, share, award };
          // The stake and the win are two member lines (the stake judged first), so limits and
          // statements count what was staked, not the round's net.
          return [
            { member: member.id, amount: -stake },
            { house: `vendor:${PLAY_VENDOR}`, amount: stake - share - outcome.win },
            { house: 'jackpot', amount: share - award },
            { member: member.id, amount: outcome.win + award },
          ];
        },
        respond: ({ balance }) => ({ roundId, balance: formatMoney(balance!) }),
        apply: async (trx, moved) => {
          const d = drawn!;
          // Time-out, self-exclusion and limits, judged under the member's lock (decision 013).
          await protection.assertStakeAllowed(trx, {
            operatorId: member.operatorId,
            memberId: member.id,
            amount: stake,
            at,
            entryId: moved.entryId,
          });
          await repo.insertRound(trx, {
            round_id: roundId,
            operator_id: member.operatorId,
            member_id: member.id,
            game_code: body.gameCode,
            request_id: body.requestId,
            currency: wallet.currency,
            stake,
            win: d.win,
            jackpot_win: d.award,
            balance_after: moved.balance!,
            result: JSON.stringify(d.result),
            options: body.options === undefined ? null : JSON.stringify(parsedOptions),
            seed_id: d.seedId,
            client_seed: d.clientSeed,
            nonce: d.nonce,
            shown: 0,
            entry_id: moved.entryId,
            created_at: at,
          });
          // The winner board lists rounds that paid back more than their stake.
          const paid = d.win + d.award;
          if (paid > stake) {
            try {
              await winners.recordWin(
                {
                  operatorId: member.operatorId,
                  memberId: member.id,
                  gameCode: `${PLAY_VENDOR}-${body.gameCode}`,
                  reference: roundId,
                  winAmount: paid,
                  settledAt: at,
                },
                trx,
              );
            } catch (error) {
              // An operator whose catalogue lacks the game still pays the win; the board skips it.
              if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
            }
          }
          // Last: the pool shard's row lock is then held only until commit.
          await jackpot.addShare(member.operatorId, d.share, member.id, trx);
        },
      };
      const post = () => ledger.post<StoredRound>(request);

      /**
       * PostgreSQL: the round in one round trip (play_round_move), drawn from the member's pair as
       * last seen; undefined when the general path must play it (no pair yet, a client seed sent
       * with the round, a jackpot hit, a pair that moved on, limits to judge).
       */
      const inOneRoundTrip = async () => {
        if (!ledger.oneRoundTrip || body.clientSeed !== undefined) return undefined;
        const seedsKey = seedKey(member);
        let seed = lastSeeds.get(seedsKey);
        if (!seed) {
          const row = await repo.findCurrentSeed(db, member.id);
          if (!row) return undefined;
          seed = {
            seedId: Number(row.id),
            sealed: row.server_seed,
            hash: row.server_seed_hash,
            clientSeed: row.client_seed,
            nonce: Number(row.nonce),
            accrued: Number(row.jackpot_accrued),
          };
        }
        const accrue = stake * (await jackpot.rate(member.operatorId));
        // The whole minor units the pair's running jackpot share crosses with this round.
        const share = Math.floor((seed.accrued + accrue) / 10_000) - Math.floor(seed.accrued / 10_000);
        const outcome = drawRound(
          game.maths,
          {
            serverSeed: openSeed({ server_seed: seed.sealed }),
            clientSeed: seed.clientSeed,
            nonce: seed.nonce,
          },
          stake,
          parsedOptions,
          jackpotRange,
        );
        if (outcome.jackpotHit) return undefined;
        const probe = JSON.stringify(request.respond({ balance: 0 }));
        const tail = `${formatMoney(0)}"}`;
        if (!probe.endsWith(tail)) return undefined;
        const house = stake - share - outcome.win;
        const posted = await ledger.postInDatabase(
          request,
          () =>
            repo.playRoundMove(db, {
              operatorId: member.operatorId,
              memberId: member.id,
              currency: wallet.currency,
              source: PLAY_SOURCE,
              vendorPurpose: `vendor:${PLAY_VENDOR}`,
              key,
              requestHash: request.requestHash,
              roundId,
              at,
              stake,
              win: outcome.win,
              share,
              accrue,
              seedId: seed.seedId,
              nonce: seed.nonce,
              accrued: seed.accrued,
              clientSeed: seed.clientSeed,
              gameCode: body.gameCode,
              requestId: body.requestId,
              result: JSON.stringify(outcome.result),
              options: body.options === undefined ? null : JSON.stringify(parsedOptions),
              boardGame: `${PLAY_VENDOR}-${body.gameCode}`.toUpperCase(),
              pool: MAIN_POOL,
              shard: Math.abs(member.id) % POOL_SHARDS,
              responseHead: probe.slice(0, -tail.length),
            }),
          () => [
            ...(house !== 0 ? ([`vendor:${PLAY_VENDOR}`] as const) : []),
            ...(share !== 0 ? (['jackpot'] as const) : []),
          ],
        );
        if (posted === 'general') {
          lastSeeds.delete(seedsKey);
          return undefined;
        }
        if (!posted.duplicate) {
          lastSeeds.set(seedsKey, { ...seed, nonce: seed.nonce + 1, accrued: seed.accrued + accrue });
          drawn = {
            seedId: seed.seedId,
            serverSeedHash: seed.hash,
            clientSeed: seed.clientSeed,
            nonce: seed.nonce,
            win: outcome.win,
            result: outcome.result,
            share,
            award: 0,
          };
          if (outcome.win > stake) await winners.recorded(member.operatorId).catch(() => undefined);
        } else lastSeeds.set(seedsKey, seed);
        return posted;
      };

      let posted = await inOneRoundTrip();
      if (!posted) {
        try {
          posted = await post();
        } catch (error) {
          if (!(error instanceof ReplayFirst)) throw error;
          drawn = undefined;
          posted = await post();
        }
      }

      if (!posted.duplicate && drawn) {
        const d = drawn;
        return {
          roundId,
          gameCode: body.gameCode,
          stake: formatMoney(stake),
          win: formatMoney(d.win),
          balance: posted.response.balance,
          result: d.result,
          options: body.options === undefined ? null : (parsedOptions as unknown),
          serverSeedHash: d.serverSeedHash,
          clientSeed: d.clientSeed,
          nonce: d.nonce,
          jackpotWin: d.award > 0 ? formatMoney(d.award) : null,
          shown: false,
          settledAt: at,
        };
      }
      // A retry after a lost answer: the first round, as drawn then.
      const row = await repo.findRound(db, posted.response.roundId);
      if (!row || Number(row.member_id) !== member.id) throw new AppError('NOT_FOUND');
      return (await roundViews([row]))[0]!;
    },

    async seeds(member: Member): Promise<Seeds> {
      const row = await currentSeed(db, member);
      return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.nonce) };
    },

    async setClientSeed(member: Member, clientSeed: string): Promise<Seeds> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await currentSeed(db, member);
        if (await repo.setClientSeed(db, Number(row.id), clientSeed))
          return { serverSeedHash: row.server_seed_hash, clientSeed, nonce: Number(row.nonce) };
      }
      throw new AppError('CONFLICT');
    },

    /**
     * Reveals the member's server seed and commits to a new one (same client seed, nonce 0). A round
     * taking a nonce holds the pair's row, so the reveal waits for it and no round uses the seed after.
     */
    async rotate(member: Member): Promise<RotateResult> {
      return db.transaction().execute(async (trx) => {
        await currentSeed(trx, member);
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await repo.findCurrentSeed(trx, member.id);
          if (!row) break;
          if (!(await repo.revealSeed(trx, Number(row.id), now()))) continue;
          // Read again: a round may have taken a nonce while this waited for the row.
          const revealed = (await repo.findSeedsByIds(trx, [Number(row.id)]))[0]!;
          await addGeneration(trx, member, Number(row.generation) + 1, revealed.client_seed);
          const next = (await repo.findCurrentSeed(trx, member.id))!;
          return {
            previousServerSeed: openSeed(revealed),
            previousServerSeedHash: revealed.server_seed_hash,
            previousClientSeed: revealed.client_seed,
            previousNonce: Number(revealed.nonce),
            serverSeedHash: next.server_seed_hash,
            clientSeed: next.client_seed,
            nonce: Number(next.nonce),
          };
        }
        throw new AppError('CONFLICT');
      });
    },

    async unshown(member: Member, gameCode?: string): Promise<Round[]> {
      return roundViews(await repo.unshownRounds(db, member.id, gameCode, UNSHOWN_LIMIT));
    },

    async recent(member: Member, gameCode?: string): Promise<Round[]> {
      return roundViews(await repo.recentRounds(db, member.id, gameCode, RECENT_ROUNDS));
    },

    /** The client showed the round: it no longer comes back as unshown. Repeating it is harmless. */
    async markShown(member: Member, roundId: string): Promise<void> {
      if (!(await repo.markShown(db, member.id, roundId))) throw new AppError('NOT_FOUND');
    },

    /** Everything a game client shows and enforces. */
    async gameInfo(
      code: InHouseGameCode,
      operatorId: number,
      settings: OperatorSettings,
      member: Member | undefined,
    ): Promise<GameInfo> {
      const { maths, name } = gameOf(code);
      const { code: _code, name: _name, kind: _kind, ...meta } = IN_HOUSE_GAMES[code] ?? {};
      const profile = member ? await findProfile(db, member.id) : undefined;
      const contributionBps = await jackpot.rate(operatorId);
      return {
        gameCode: code,
        name,
        kind: maths.kind,
        rtp: maths.rtp,
        rtpExact: maths.rtpExact,
        hitRate: maths.hitRate,
        maxMultiplier: maths.maxMultiplier,
        paytable: maths.paytable.map((row) => ({
          symbol: row.symbol,
          pays: Object.fromEntries(Object.entries(row.pays).map(([k, v]) => [String(k), v])),
          kind: row.kind,
          ...(row.note === undefined ? {} : { note: row.note }),
        })),
        stakes: maths.stakes.map(formatMoney),
        currency: settings.site.currency,
        meta: meta as Record<string, unknown>,
        safety: {
          minSpinMs: settings.play.minSpinMs,
          autoplay: settings.play.autoplay,
          realityCheckMinutes:
            profile?.reality_check_minutes === null || profile?.reality_check_minutes === undefined
              ? null
              : Number(profile.reality_check_minutes),
        },
        jackpot: {
          contributionBps,
          oddsPerMinorUnit: 1 / jackpotRange,
        },
      };
    },

    /** Recomputes a round from revealed seeds (the fairness page; anyone may ask). */
    verify(body: VerifyRequest): VerifyResult {
      const game = gameOf(body.gameCode);
      const stake = parseMoney(body.stake);
      if (stake === undefined) throw fieldError('stake', 'invalidFormat');
      if (!game.maths.stakes.includes(stake)) throw new AppError('STAKE_NOT_ALLOWED');
      const parsedOptions = parseGameOptions(game.maths, body.options);
      const outcome = drawRound(
        game.maths,
        { serverSeed: body.serverSeed, clientSeed: body.clientSeed, nonce: body.nonce },
        stake,
        parsedOptions,
        jackpotRange,
      );
      return {
        serverSeedHash: commitSeed(body.serverSeed),
        outcome: { win: formatMoney(outcome.win), result: outcome.result, jackpotHit: outcome.jackpotHit },
      };
    },

    /** Opens a sealed server seed of a revealed pair (bet-record detail). */
    revealed(row: { id: number; server_seed: string; revealed_at: number | null }): string | null {
      return row.revealed_at === null ? null : openSeed(row);
    },
  };
}
export type PlayService = ReturnType<typeof createPlayService>;
