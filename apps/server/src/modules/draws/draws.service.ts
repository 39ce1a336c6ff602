import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DrawGamesTable } from '@playhouse/db/schema-draws';
import { formatMoney, parseMoney } from '@playhouse/contract/money';
import type {
  BetTypeRules,
  BingoCard,
  BingoCardTicket,
  BingoRound,
  CancelTicket,
  DrawAdmin,
  DrawGameAdmin,
  DrawGameCode,
  DrawGameSettingsRequest,
  DrawList,
  DrawOrder,
  DrawOrderRequest,
  DrawResultView,
  DrawRules,
  DrawSchedule,
  DrawStatus,
  OpenDraw,
  ResultsPage,
  Ticket,
} from '@playhouse/contract/draws';
import { DRAW_GAME_CODES } from '@playhouse/contract/draws';
import {
  betTypeOf,
  betTypeReturn,
  drawClientSeed,
  drawGame,
  oddsFor,
  oddsProblem,
  STAKE_UNIT,
  ticketWin,
  type DrawGameMaths,
  type DrawResult,
} from '@playhouse/games/draws';
import { BINGO_BALLS, cardNumbers, cardOutcome, completedPatterns } from '@playhouse/games/bingo';
import { commitSeed, createFairDraw, newServerSeed } from '@playhouse/games/fair-draw';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { requestHash } from '../ledger/ledger-rules.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { ResponsibleGamblingService } from '../responsible-gambling/responsible-gambling.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { numeroOf, slotsAt } from './draw-schedule.ts';
import * as repo from './draws.repository.ts';

/** Draw games are in-house games: stakes and wins move against the `vendor:BGS` house account. */
export const DRAW_VENDOR = 'BGS';
/** The ledger's idempotency namespace of draw games (orders, wins, refunds, cancels). */
export const DRAW_SOURCE = `draws:${DRAW_VENDOR}`;
const SEAL_PURPOSE = 'draws:server-seed';

type Member = Pick<AuthenticatedMember, 'id' | 'operatorId'>;
type Staff = { id: number; username: string; ip: string };

interface BetTypeSettings {
  enabled: boolean;
  odds: Record<string, number>;
  minStake: number;
  maxStake: number;
}

export interface GameSettings {
  enabled: boolean;
  schedule: DrawSchedule;
  closeBeforeSeconds: number;
  /** Minor units; 0: no cap. */
  maxExposure: number;
  betTypes: Record<string, BetTypeSettings>;
}

/** What a new operator starts with: Pick 3 eight times a day, Fast 3 and bingo every minute. */
export function defaultSettings(game: DrawGameMaths): GameSettings {
  if (game.category === 'BG')
    return {
      enabled: true,
      // A round a minute: cards are bought for 30 s, then its 40 balls are called over 30 s.
      schedule: { kind: 'interval', seconds: 60 },
      closeBeforeSeconds: 30,
      // A card's possible win is its price × the full-house prize (10,000 ×).
      maxExposure: 5_000_000_000,
      betTypes: Object.fromEntries(
        game.betTypes.map((t) => [
          t.code,
          { enabled: true, odds: { ...t.defaultOdds }, minStake: 100, maxStake: 2_000 },
        ]),
      ),
    };
  const betTypes: Record<string, BetTypeSettings> = {};
  for (const t of game.betTypes)
    betTypes[t.code] = {
      enabled: true,
      odds: { ...t.defaultOdds },
      minStake: 100,
      // The rarest bets (one result in a thousand) take smaller stakes.
      maxStake: t.code === 'STRAIGHT' || t.code === 'TRIPLE' ? 10_000 : 100_000,
    };
  return game.playType === 'trad'
    ? {
        enabled: true,
        schedule: {
          kind: 'daily',
          times: ['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00'],
        },
        closeBeforeSeconds: 300,
        maxExposure: 100_000_000,
        betTypes,
      }
    : {
        enabled: true,
        schedule: { kind: 'interval', seconds: 60 },
        closeBeforeSeconds: 10,
        maxExposure: 20_000_000,
        betTypes,
      };
}

export interface DrawsServiceOptions {
  /** This instance's name on settlement leases (random by default). */
  instanceId?: string;
  /** How long a lease lasts without renewal; a crashed instance's draw is taken over after it. */
  leaseMs?: number;
  /** Tickets settled per transaction. */
  batchSize?: number;
  /** Called after each committed batch (tests stop a settlement half-way here). */
  afterBatch?: (drawId: number, batch: number) => void | Promise<void>;
}

class LeaseLost extends Error {}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_BATCH = 2000;

/**
 * Draw games (decision 026): the numbers lottery and the e-lottery as in-house games on the ledger.
 *
 * An order is one ledger movement (`<memberId>:<requestId>`, idempotent): the stakes leave the member
 * for `vendor:BGS`, and in the same transaction the responsible-gambling check, the draw's conditional
 * UPDATE (still open, exposure within the cap) and the order's tickets. Each draw's server seed is
 * sealed at creation and its SHA-256 published, so the result (one for the whole draw) is fixed before
 * the first ticket. The engine settles a due draw under a lease in the database, a batch of tickets
 * per transaction: wins are credited with `ledger.postBatch` under `win:<ticketId>` keys and the
 * tickets leave `open` in the same transaction, which also renews the lease; so a second instance, a
 * restart or a rerun pays nothing twice and finishes what is left.
 */
export function createDrawsService(
  deps: {
    db: Db;
    ledger: LedgerService;
    protection: Pick<ResponsibleGamblingService, 'assertStakeAllowed'>;
    secrets: SecretBox;
    audit: AuditService;
  },
  options: DrawsServiceOptions = {},
) {
  const { db, ledger, protection, secrets, audit } = deps;
  const owner = options.instanceId ?? `i-${randomBytes(8).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const rtpMemo = boundedMemo<string, ReturnType<typeof betTypeReturn>>(500);
  /** Draws this instance is settling right now (one run per draw per instance). */
  const running = new Set<number>();

  function gameOf(code: string): DrawGameMaths {
    const game = drawGame(code);
    if (!game) throw new AppError('NOT_FOUND');
    return game;
  }

  function returnOf(game: DrawGameMaths, type: string, odds: Record<string, number>) {
    const key = `${game.code}|${type}|${JSON.stringify(odds)}`;
    let r = rtpMemo.get(key);
    if (!r) {
      r = betTypeReturn(game, betTypeOf(game, type)!, odds);
      rtpMemo.set(key, r);
    }
    return r;
  }

  function parseSettings(game: DrawGameMaths, row: Selectable<DrawGamesTable> | undefined): GameSettings {
    const defaults = defaultSettings(game);
    if (!row) return defaults;
    const stored = JSON.parse(row.bet_types) as Record<string, BetTypeSettings>;
    const betTypes: Record<string, BetTypeSettings> = {};
    // Bet types added to the game later start with their defaults.
    for (const t of game.betTypes) betTypes[t.code] = { ...defaults.betTypes[t.code]!, ...stored[t.code] };
    return {
      enabled: Number(row.enabled) === 1,
      schedule: JSON.parse(row.schedule) as DrawSchedule,
      closeBeforeSeconds: Number(row.close_before_seconds),
      maxExposure: Number(row.max_exposure),
      betTypes,
    };
  }

  async function settingsOf(operatorId: number, code: string, trx: Db = db): Promise<GameSettings> {
    const game = gameOf(code);
    return parseSettings(game, await repo.findGameSettings(trx, operatorId, code));
  }

  /** Makes the draw taking tickets now and the one after it (each with a fresh, sealed seed). */
  async function ensureDraws(operatorId: number, game: DrawGameMaths, settings: GameSettings, at: number) {
    const slots = slotsAt(settings.schedule, settings.closeBeforeSeconds, at);
    for (const slot of slots) {
      const numero = numeroOf(slot.drawAt);
      if (await repo.findDrawByNumero(db, operatorId, game.code, numero)) continue;
      const serverSeed = newServerSeed();
      await repo.insertDraw(db, {
        operator_id: operatorId,
        game_code: game.code,
        numero,
        // A draw made late (nobody asked for a while) opens when it is made: its seed is committed first.
        open_at: Math.max(slot.openAt, Math.min(at, slot.closeAt)),
        close_at: slot.closeAt,
        draw_at: slot.drawAt,
        status: 'open',
        server_seed: secrets.seal(SEAL_PURPOSE, serverSeed),
        server_seed_hash: commitSeed(serverSeed),
        result: null,
        exposure: 0,
        stake_total: 0,
        ticket_count: 0,
        win_total: 0,
        lease_owner: null,
        lease_until: null,
        void_reason: null,
        created_at: at,
        drawn_at: null,
        settled_at: null,
      });
    }
    // The current slot's draw, unless it stopped taking tickets early (voided): then the next one.
    for (const slot of slots) {
      const row = await repo.findDrawByNumero(db, operatorId, game.code, numeroOf(slot.drawAt));
      if (row && row.status === 'open' && Number(row.close_at) > at) return row;
    }
    return undefined;
  }

  const resultOf = (row: { result: string | null }) =>
    row.result === null ? null : (JSON.parse(row.result) as DrawResult).balls;

  function openDrawView(row: repo.DrawRow, at: number): OpenDraw {
    return {
      gameCode: row.game_code as DrawGameCode,
      numero: row.numero,
      openAt: Number(row.open_at),
      closeAt: Number(row.close_at),
      drawAt: Number(row.draw_at),
      status: row.status as DrawStatus,
      serverSeedHash: row.server_seed_hash,
      serverTime: at,
    };
  }

  function ticketView(row: repo.TicketView): Ticket {
    return {
      ticketId: row.ticket_id,
      orderId: row.order_id,
      gameCode: row.game_code as DrawGameCode,
      numero: row.numero,
      betType: row.bet_type,
      selection: row.selection,
      stake: formatMoney(Number(row.stake)),
      odds: formatMoney(Number(row.odds)),
      potentialWin: formatMoney(Number(row.potential_win)),
      status: row.status as Ticket['status'],
      win: formatMoney(Number(row.win)),
      createdAt: Number(row.created_at),
      settledAt: row.settled_at === null ? null : Number(row.settled_at),
      closeAt: Number(row.close_at),
      drawAt: Number(row.draw_at),
      result: resultOf(row),
    };
  }

  function rulesView(game: DrawGameMaths, settings: GameSettings, currency: string): DrawRules {
    return {
      gameCode: game.code,
      name: game.name,
      category: game.category,
      playType: game.playType,
      enabled: settings.enabled,
      schedule: settings.schedule,
      closeBeforeSeconds: settings.closeBeforeSeconds,
      currency,
      betTypes: game.betTypes.map((t): BetTypeRules => {
        const s = settings.betTypes[t.code]!;
        const r = returnOf(game, t.code, s.odds);
        return {
          betType: t.code,
          enabled: s.enabled,
          selections: [...t.selections],
          odds: Object.fromEntries(Object.entries(s.odds).map(([k, v]) => [k, formatMoney(v)])),
          minStake: formatMoney(s.minStake),
          maxStake: formatMoney(s.maxStake),
          rtp: r.worst.toNumber(),
          rtpExact: r.worst.toJSON(),
          rtpBest: r.best.toNumber(),
        };
      }),
    };
  }

  function drawAdminView(row: repo.DrawRow, cap: number): DrawAdmin {
    return {
      id: Number(row.id),
      gameCode: row.game_code as DrawGameCode,
      numero: row.numero,
      openAt: Number(row.open_at),
      closeAt: Number(row.close_at),
      drawAt: Number(row.draw_at),
      status: row.status as DrawStatus,
      result: resultOf(row),
      tickets: Number(row.ticket_count),
      stake: formatMoney(Number(row.stake_total)),
      win: formatMoney(Number(row.win_total)),
      exposure: formatMoney(Number(row.exposure)),
      maxExposure: formatMoney(cap),
      voidReason: row.void_reason,
      settledAt: row.settled_at === null ? null : Number(row.settled_at),
    };
  }

  // ---------- settlement ----------

  /** Draws a due draw's result (or decides it cannot happen) and settles its tickets, a batch at a time. */
  async function settle(drawId: number, at = now()): Promise<'finished' | 'busy'> {
    if (running.has(drawId)) return 'busy';
    running.add(drawId);
    try {
      let draw = await repo.claimLease(db, drawId, owner, at, at + leaseMs);
      if (!draw) return 'busy';
      if (draw.status === 'open') {
        const game = drawGame(draw.game_code);
        const settings = game ? await settingsOf(Number(draw.operator_id), draw.game_code) : undefined;
        let serverSeed: string | undefined;
        try {
          serverSeed = secrets.open(SEAL_PURPOSE, draw.server_seed);
        } catch {
          serverSeed = undefined;
        }
        // A draw that cannot happen (the game switched off, its seed unreadable) refunds every ticket.
        const reason =
          !game || !settings?.enabled ? 'game closed' : serverSeed === undefined ? 'seed unavailable' : null;
        const result =
          reason === null
            ? game!.draw(
                createFairDraw({
                  serverSeed: serverSeed!,
                  clientSeed: drawClientSeed(draw.game_code, draw.numero),
                  nonce: 0,
                }),
              )
            : null;
        const moved = await repo.startSettlement(db, drawId, owner, {
          status: reason === null ? 'settling' : 'voiding',
          result: result ? JSON.stringify(result) : null,
          drawn_at: result ? now() : null,
          void_reason: reason,
        });
        if (!moved) return 'busy';
        draw = (await repo.findDraw(db, drawId))!;
      }
      const voiding = draw.status === 'voiding';
      const game = drawGame(draw.game_code);
      const result = draw.result === null ? null : (JSON.parse(draw.result) as DrawResult);
      const operatorId = Number(draw.operator_id);
      const currency = await currencyOf(operatorId, drawId);
      // Cards share a handful of prize tables: each is read once per settlement.
      const tables = new Map<string, Record<string, number>>();
      const prizeTable = (json: string | null) => {
        let table = tables.get(json ?? '');
        if (!table) {
          table = JSON.parse(json ?? '{}') as Record<string, number>;
          tables.set(json ?? '', table);
        }
        return table;
      };
      let afterId = 0;
      for (let batch = 1; ; batch++) {
        const tickets = await repo.openTickets(db, drawId, afterId, batchSize);
        if (!tickets.length) break;
        afterId = Number(tickets.at(-1)!.id);
        const decided = tickets.map((t) => {
          const stake = Number(t.stake);
          if (voiding || !game || !result) return { t, status: 'void', win: 0, pay: stake };
          const type = betTypeOf(game, t.bet_type);
          let win: number;
          if (type?.card) {
            // A card is paid its best pattern's prize under the table it was bought with.
            const prizes = prizeTable(t.prizes);
            const prize = type.card.prize(t.selection, result, prizes);
            win = ticketWin(stake, prize, prize > 0 ? 1 : 0);
          } else win = ticketWin(stake, Number(t.odds), type ? type.hits(t.selection, result) : 0);
          return { t, status: win > 0 ? 'won' : 'lost', win, pay: win };
        });
        const settledAt = now();
        await ledger.postBatch({
          operatorId,
          kind: voiding ? 'rollback' : 'win',
          source: DRAW_SOURCE,
          currency: currency ?? 'PHP',
          house: `vendor:${DRAW_VENDOR}`,
          items: decided
            .filter((d) => d.pay > 0)
            .map((d) => ({
              key: `${voiding ? 'refund' : 'win'}:${d.t.ticket_id}`,
              memberId: Number(d.t.member_id),
              amount: d.pay,
              reference: d.t.ticket_id,
            })),
          apply: async (trx) => {
            // The batch commits only while this instance still holds the draw.
            if (!(await repo.renewLease(trx, drawId, owner, now() + leaseMs))) throw new LeaseLost();
            const moved = await repo.settleTickets(
              trx,
              decided.map((d) => ({ id: Number(d.t.id), status: d.status, win: d.win })),
              settledAt,
            );
            if (moved !== decided.length) throw new LeaseLost();
          },
        });
        await options.afterBatch?.(drawId, batch);
      }
      await repo.finishDraw(db, drawId, owner, voiding ? 'voiding' : 'settling', now());
      return 'finished';
    } catch (error) {
      if (error instanceof LeaseLost) return 'busy';
      throw error;
    } finally {
      running.delete(drawId);
    }
  }

  /** The currency of a draw's tickets (every member of an operator plays in the operator's currency). */
  async function currencyOf(operatorId: number, drawId: number) {
    const row = await db
      .selectFrom('draw_tickets as t')
      .innerJoin('members as m', 'm.id', 't.member_id')
      .select('m.currency')
      .where('t.draw_id', '=', drawId)
      .where('t.operator_id', '=', operatorId)
      .limit(1)
      .executeTakeFirst();
    return row?.currency;
  }

  const ballsMemo = boundedMemo<number, number[]>(200);
  /** A bingo round's balls in call order: drawn from its sealed seed (the same as settlement draws). */
  function liveBalls(draw: repo.DrawRow): number[] | undefined {
    if (draw.result !== null) return (JSON.parse(draw.result) as DrawResult).balls;
    let balls = ballsMemo.get(Number(draw.id));
    if (!balls) {
      let serverSeed: string;
      try {
        serverSeed = secrets.open(SEAL_PURPOSE, draw.server_seed);
      } catch {
        return undefined;
      }
      balls = gameOf(draw.game_code).draw(
        createFairDraw({ serverSeed, clientSeed: drawClientSeed(draw.game_code, draw.numero), nonce: 0 }),
      ).balls;
      ballsMemo.set(Number(draw.id), balls);
    }
    return balls;
  }

  return {
    owner,
    settingsOf,

    async list(operatorId: number, playType?: 'trad' | 'ent'): Promise<DrawList> {
      const at = now();
      const list: DrawList['list'] = [];
      for (const code of DRAW_GAME_CODES) {
        const game = gameOf(code);
        // Bingo has its own screen; the lottery and e-lottery lists are draws only.
        if (playType && (game.playType !== playType || game.category === 'BG')) continue;
        const settings = await settingsOf(operatorId, code);
        if (!settings.enabled) continue;
        const draw = await ensureDraws(operatorId, game, settings, at);
        list.push({
          gameCode: code,
          name: game.name,
          category: game.category,
          playType: game.playType,
          draw: draw ? openDrawView(draw, at) : null,
        });
      }
      return { list };
    },

    async opened(operatorId: number, code: string): Promise<OpenDraw> {
      const game = gameOf(code);
      const settings = await settingsOf(operatorId, code);
      if (!settings.enabled) throw new AppError('GAME_CLOSED');
      const at = now();
      const draw = await ensureDraws(operatorId, game, settings, at);
      if (!draw) throw new AppError('NOT_FOUND');
      return openDrawView(draw, at);
    },

    async rules(operatorId: number, code: string, currency: string): Promise<DrawRules> {
      const game = gameOf(code);
      return rulesView(game, await settingsOf(operatorId, code), currency);
    },

    async order(member: Member, body: DrawOrderRequest): Promise<DrawOrder> {
      const game = gameOf(body.gameCode);
      const settings = await settingsOf(member.operatorId, body.gameCode);
      const bets = body.bets.map((bet, i) => {
        const type = betTypeOf(game, bet.betType);
        const s = settings.betTypes[bet.betType];
        const accepted = type?.card
          ? type.card.accepts(bet.selection)
          : type?.selections.includes(bet.selection);
        if (!type || !s?.enabled || !accepted) throw new AppError('BET_NOT_ALLOWED', { extra: { index: i } });
        const stake = parseMoney(bet.amount);
        if (stake === undefined) throw fieldError('bets', 'invalidFormat');
        if (stake % STAKE_UNIT !== 0 || stake < s.minStake || stake > s.maxStake)
          throw new AppError('STAKE_NOT_ALLOWED', {
            extra: { index: i, minStake: formatMoney(s.minStake), maxStake: formatMoney(s.maxStake) },
          });
        // A bingo card's odds are its table's best prize (its exposure); the card keeps its whole table.
        const odds = type.card ? Math.max(...Object.values(s.odds)) : oddsFor(s.odds, bet.selection)!;
        const prizes = type.card ? JSON.stringify(s.odds) : null;
        return { ...bet, stake, odds, prizes, potentialWin: ticketWin(stake, odds, 1) };
      });
      const total = bets.reduce((sum, b) => sum + b.stake, 0);
      const exposure = bets.reduce((sum, b) => sum + b.potentialWin, 0);

      const wallet = await ledger.wallet({ memberId: member.id });
      if (!wallet || wallet.operatorId !== member.operatorId) throw new AppError('ACCOUNT_UNAVAILABLE');
      const key = `${member.id}:${body.requestId}`;
      const draw = await repo.findDrawByNumero(db, member.operatorId, body.gameCode, body.numero);
      // No such draw takes tickets; a replay of an order that got in still answers it.
      if (!draw && !(await ledger.find(member.operatorId, DRAW_SOURCE, key)))
        throw new AppError('DRAW_CLOSED');
      const drawId = draw ? Number(draw.id) : 0;
      const orderId = `O${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
      const at = now();

      const posted = await ledger.post<{ orderId: string; balance: string }>({
        operatorId: member.operatorId,
        kind: 'bet',
        source: DRAW_SOURCE,
        key,
        requestHash: requestHash({ gameCode: body.gameCode, numero: body.numero, bets: body.bets }),
        memberId: member.id,
        activeMemberOnly: true,
        currency: wallet.currency,
        reference: orderId,
        legs: [
          { member: member.id, amount: -total },
          { house: `vendor:${DRAW_VENDOR}`, amount: total },
        ],
        respond: ({ balance }) => ({ orderId, balance: formatMoney(balance!) }),
        apply: async (trx, moved) => {
          await protection.assertStakeAllowed(trx, {
            operatorId: member.operatorId,
            memberId: member.id,
            amount: total,
            at,
            entryId: moved.entryId,
          });
          // Decided in the same step that writes: still open at this moment, and within the cap.
          if (
            !draw ||
            !(await repo.addToDraw(
              trx,
              drawId,
              { exposure, stake: total, tickets: bets.length },
              at,
              settings.maxExposure,
            ))
          ) {
            const current = draw && (await repo.findDraw(trx, drawId));
            const open = current && current.status === 'open' && Number(current.close_at) > at;
            throw new AppError(open ? 'DRAW_EXPOSURE_LIMIT' : 'DRAW_CLOSED');
          }
          await repo.insertOrder(trx, {
            order_id: orderId,
            operator_id: member.operatorId,
            member_id: member.id,
            draw_id: drawId,
            request_id: body.requestId,
            stake: total,
            entry_id: moved.entryId,
            created_at: at,
          });
          await repo.insertTickets(
            trx,
            bets.map((b, i) => ({
              ticket_id: `T${orderId.slice(1)}${String(i).padStart(2, '0')}`,
              operator_id: member.operatorId,
              member_id: member.id,
              draw_id: drawId,
              order_id: orderId,
              game_code: body.gameCode,
              bet_type: b.betType,
              selection: b.selection,
              stake: b.stake,
              odds: b.odds,
              potential_win: b.potentialWin,
              prizes: b.prizes,
              status: 'open',
              win: 0,
              created_at: at,
              settled_at: null,
            })),
          );
        },
      });
      const tickets = await repo.ticketsOfOrder(db, posted.response.orderId);
      if (!tickets.length || Number(tickets[0]!.member_id) !== member.id) throw new AppError('NOT_FOUND');
      return {
        orderId: posted.response.orderId,
        tickets: tickets.map(ticketView),
        balance: posted.response.balance,
      };
    },

    /** Refunds one open ticket while its draw still takes tickets; a repeated cancel answers the first. */
    async cancel(member: Member, ticketId: string): Promise<CancelTicket> {
      const ticket = await repo.findTicket(db, ticketId);
      // Another member's ticket is as unknown as one that does not exist.
      if (!ticket || Number(ticket.member_id) !== member.id) throw new AppError('NOT_FOUND');
      const stake = Number(ticket.stake);
      const wallet = await ledger.wallet({ memberId: member.id });
      if (!wallet) throw new AppError('ACCOUNT_UNAVAILABLE');
      const posted = await ledger.post<{ balance: string }>({
        operatorId: member.operatorId,
        kind: 'rollback',
        source: DRAW_SOURCE,
        key: `cancel:${ticket.ticket_id}`,
        requestHash: requestHash({ ticketId: ticket.ticket_id }),
        memberId: member.id,
        currency: wallet.currency,
        reference: ticket.ticket_id,
        legs: [
          { house: `vendor:${DRAW_VENDOR}`, amount: -stake },
          { member: member.id, amount: stake },
        ],
        respond: ({ balance }) => ({ balance: formatMoney(balance!) }),
        apply: async (trx) => {
          const at = now();
          if (
            !(await repo.removeFromDraw(
              trx,
              Number(ticket.draw_id),
              { exposure: Number(ticket.potential_win), stake },
              at,
            ))
          )
            throw new AppError('DRAW_CLOSED');
          if (!(await repo.cancelTicket(trx, ticket.ticket_id, at)))
            throw new AppError('TICKET_NOT_CANCELLABLE');
        },
      });
      return {
        ticketId: ticket.ticket_id,
        status: 'cancelled',
        refund: formatMoney(stake),
        balance: posted.response.balance,
      };
    },

    async tickets(
      member: Member,
      query: { gameCode?: string | undefined; status?: 'open' | 'settled' | undefined; limit: number },
    ): Promise<Ticket[]> {
      return (await repo.memberTickets(db, member.id, query)).map(ticketView);
    },

    /** One of the member's tickets (bet-record detail), or undefined. */
    async ticket(member: Member, ticketId: string): Promise<Ticket | undefined> {
      const row = await repo.ticketsWithDraws(db).where('t.ticket_id', '=', ticketId).executeTakeFirst();
      return row && Number(row.member_id) === member.id ? ticketView(row) : undefined;
    },

    /** A ticket as the bet record's detail shows it (own tickets only): its bet, result and draw seeds. */
    async ticketDetail(member: Member, ticketId: string) {
      const row = await repo.ticketsWithDraws(db).where('t.ticket_id', '=', ticketId).executeTakeFirst();
      if (!row || Number(row.member_id) !== member.id) return undefined;
      const draw = (await repo.findDraw(db, Number(row.draw_id)))!;
      const revealed = draw.status === 'settled' || draw.status === 'void';
      return {
        result: {
          numero: row.numero,
          betType: row.bet_type,
          selection: row.selection,
          odds: formatMoney(Number(row.odds)),
          balls: resultOf(row),
          status: row.status,
        },
        fairness: {
          serverSeedHash: draw.server_seed_hash,
          clientSeed: drawClientSeed(draw.game_code, draw.numero),
          nonce: 0,
          serverSeed: revealed ? secrets.open(SEAL_PURPOSE, draw.server_seed) : null,
        },
      };
    },

    async results(
      operatorId: number,
      query: { gameCode: string; pageNo: number; pageSize: number },
    ): Promise<ResultsPage> {
      gameOf(query.gameCode);
      const rows = await repo.listDraws(
        db,
        { operatorId, gameCode: query.gameCode, before: now() },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map((row): DrawResultView => {
          const revealed = row.status === 'settled' || row.status === 'void';
          return {
            gameCode: row.game_code as DrawGameCode,
            numero: row.numero,
            drawAt: Number(row.draw_at),
            status: row.status as DrawStatus,
            result: resultOf(row),
            serverSeedHash: row.server_seed_hash,
            serverSeed: revealed ? secrets.open(SEAL_PURPOSE, row.server_seed) : null,
            clientSeed: drawClientSeed(row.game_code, row.numero),
            nonce: 0,
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },

    // ---------- bingo (decision 032) ----------

    /** Fresh cards to choose from: random codes and the squares each code makes. */
    bingoCards(count: number): { list: BingoCard[] } {
      return {
        list: Array.from({ length: count }, () => {
          const cardCode = randomBytes(6).toString('hex').toUpperCase();
          return { cardCode, numbers: cardNumbers(cardCode) };
        }),
      };
    },

    /**
     * The bingo screen's state: the round taking cards, the round being called (or called last) with
     * the balls called by now, the prize table, and the member's cards on both with their daubs.
     */
    async bingoRound(operatorId: number, member: Member | undefined): Promise<BingoRound> {
      const code = 'BINGO75';
      const game = gameOf(code);
      const settings = await settingsOf(operatorId, code);
      if (!settings.enabled) throw new AppError('GAME_CLOSED');
      const at = now();
      const open = await ensureDraws(operatorId, game, settings, at);
      const live = await repo.latestClosedDraw(db, operatorId, code, at);
      let called: number[] = [];
      let liveView: BingoRound['live'] = null;
      if (live) {
        const balls = liveBalls(live);
        const closeAt = Number(live.close_at);
        const callMs = Math.floor((Number(live.draw_at) - closeAt) / BINGO_BALLS);
        const done = live.status === 'settled' || at >= Number(live.draw_at);
        called = balls ? balls.slice(0, done ? BINGO_BALLS : Math.floor((at - closeAt) / callMs)) : [];
        const revealed = live.status === 'settled';
        liveView = {
          numero: live.numero,
          status: live.status as DrawStatus,
          closeAt,
          drawAt: Number(live.draw_at),
          callMs,
          ballCount: BINGO_BALLS,
          called,
          serverSeedHash: live.server_seed_hash,
          serverSeed: revealed ? secrets.open(SEAL_PURPOSE, live.server_seed) : null,
          clientSeed: drawClientSeed(code, live.numero),
        };
      }
      const cards: BingoCardTicket[] = [];
      if (member) {
        const ids = [open, live].filter((d) => d !== undefined).map((d) => Number(d.id));
        for (const t of await repo.memberTicketsOnDraws(db, member.id, ids)) {
          const numbers = cardNumbers(t.selection);
          const onLive = live !== undefined && Number(t.draw_id) === Number(live.id);
          const calls = onLive ? new Set(called) : new Set<number>();
          const settled = t.status === 'won' || t.status === 'lost';
          const result = resultOf(t);
          cards.push({
            ticketId: t.ticket_id,
            numero: t.numero,
            cardCode: t.selection,
            numbers,
            daubed: numbers.filter((n) => n !== 0 && calls.has(n)),
            patterns: onLive ? completedPatterns(numbers, called) : [],
            stake: formatMoney(Number(t.stake)),
            status: t.status as BingoCardTicket['status'],
            pattern:
              settled && result
                ? cardOutcome(numbers, result, JSON.parse(t.prizes ?? '{}') as Record<string, number>).pattern
                : null,
            win: formatMoney(Number(t.win)),
          });
        }
      }
      const type = game.betTypes[0]!;
      const s = settings.betTypes[type.code]!;
      return {
        gameCode: code,
        serverTime: at,
        open: open ? openDrawView(open, at) : null,
        live: liveView,
        prizes: Object.fromEntries(Object.entries(s.odds).map(([k, v]) => [k, formatMoney(v)])),
        rtp: returnOf(game, type.code, s.odds).worst.toNumber(),
        price: { min: formatMoney(s.minStake), max: formatMoney(s.maxStake) },
        cards,
      };
    },

    // ---------- engine ----------

    settle,

    /** One pass of the engine: upcoming draws made for every enabled game, due draws settled. */
    async tick(at = now()) {
      for (const row of await repo.enabledGames(db)) {
        const game = drawGame(row.game_code);
        if (game) await ensureDraws(Number(row.operator_id), game, parseSettings(game, row), at);
      }
      const results: ('finished' | 'busy')[] = [];
      for (const { id } of await repo.dueDraws(db, at, 20)) results.push(await settle(Number(id), at));
      return results;
    },

    // ---------- back office ----------

    async adminGames(operatorId: number, currency: string): Promise<DrawGameAdmin[]> {
      const list: DrawGameAdmin[] = [];
      for (const code of DRAW_GAME_CODES) {
        const settings = await settingsOf(operatorId, code);
        list.push({
          ...rulesView(gameOf(code), settings, currency),
          maxExposure: formatMoney(settings.maxExposure),
        });
      }
      return list;
    },

    async updateGame(
      operatorId: number,
      code: string,
      body: DrawGameSettingsRequest,
      staff: Staff,
      currency: string,
    ): Promise<DrawGameAdmin> {
      const game = gameOf(code);
      const current = await settingsOf(operatorId, code);
      const next: GameSettings = {
        enabled: body.enabled ?? current.enabled,
        schedule: body.schedule ?? current.schedule,
        closeBeforeSeconds: body.closeBeforeSeconds ?? current.closeBeforeSeconds,
        maxExposure: body.maxExposure === undefined ? current.maxExposure : parseMoney(body.maxExposure)!,
        betTypes: { ...current.betTypes },
      };
      if (next.schedule.kind === 'interval' && next.closeBeforeSeconds >= next.schedule.seconds)
        throw fieldError('closeBeforeSeconds', 'tooBig', { max: next.schedule.seconds - 1 });
      for (const [type, patch] of Object.entries(body.betTypes ?? {})) {
        const def = betTypeOf(game, type);
        if (!def) throw fieldError(`betTypes.${type}`, 'unknownField');
        const merged: BetTypeSettings = {
          enabled: patch.enabled ?? current.betTypes[type]!.enabled,
          odds: patch.odds ?? current.betTypes[type]!.odds,
          minStake:
            patch.minStake === undefined ? current.betTypes[type]!.minStake : parseMoney(patch.minStake)!,
          maxStake:
            patch.maxStake === undefined ? current.betTypes[type]!.maxStake : parseMoney(patch.maxStake)!,
        };
        const problem = oddsProblem(game, def, merged.odds);
        if (problem)
          throw fieldError(
            `betTypes.${type}.odds`,
            problem === 'unknownSelection' ? 'invalidOption' : problem,
          );
        if (merged.minStake < STAKE_UNIT || merged.minStake % STAKE_UNIT || merged.maxStake % STAKE_UNIT)
          throw fieldError(`betTypes.${type}.minStake`, 'wholeUnits');
        if (merged.maxStake < merged.minStake)
          throw fieldError(`betTypes.${type}.maxStake`, 'tooSmall', { min: formatMoney(merged.minStake) });
        next.betTypes[type] = merged;
      }
      const row = {
        enabled: next.enabled ? 1 : 0,
        schedule: JSON.stringify(next.schedule),
        close_before_seconds: next.closeBeforeSeconds,
        max_exposure: next.maxExposure,
        bet_types: JSON.stringify(next.betTypes),
        updated_at: now(),
      };
      await db.transaction().execute(async (trx) => {
        await repo.insertGameSettings(trx, { operator_id: operatorId, game_code: code, ...row });
        await repo.updateGameSettings(trx, operatorId, code, row);
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'draws.game.updated',
            target: `draw-game:${code}`,
            detail: body,
            ip: staff.ip,
          },
          trx,
        );
      });
      return { ...rulesView(game, next, currency), maxExposure: formatMoney(next.maxExposure) };
    },

    async adminDraws(
      operatorId: number,
      query: { gameCode?: string | undefined; status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const f = { operatorId, gameCode: query.gameCode, status: query.status };
      const [rows, total] = await Promise.all([
        repo.listDraws(db, f, { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize }),
        repo.countDraws(db, f),
      ]);
      const caps = new Map<string, number>();
      for (const code of DRAW_GAME_CODES) caps.set(code, (await settingsOf(operatorId, code)).maxExposure);
      return {
        list: rows.map((row) => drawAdminView(row, caps.get(row.game_code) ?? 0)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
      };
    },

    /** One draw of the operator for the report, or NOT_FOUND. */
    async adminDraw(operatorId: number, drawId: number): Promise<DrawAdmin> {
      const row = await repo.findDraw(db, drawId);
      if (!row || Number(row.operator_id) !== operatorId) throw new AppError('NOT_FOUND');
      return drawAdminView(row, (await settingsOf(operatorId, row.game_code)).maxExposure);
    },

    /** Voids a draw that has not been drawn: every ticket is refunded (now, and by the engine if cut short). */
    async voidDraw(operatorId: number, drawId: number, reason: string, staff: Staff) {
      const draw = await repo.findDraw(db, drawId);
      if (!draw || Number(draw.operator_id) !== operatorId) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markVoiding(trx, drawId, operatorId, reason))) throw new AppError('DRAW_CLOSED');
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(staff.id),
            action: 'draws.draw.voided',
            target: `draw:${draw.game_code}:${draw.numero}`,
            detail: { reason },
            ip: staff.ip,
          },
          trx,
        );
      });
      await settle(drawId);
      return (await repo.findDraw(db, drawId))!;
    },
  };
}
export type DrawsService = ReturnType<typeof createDrawsService>;
