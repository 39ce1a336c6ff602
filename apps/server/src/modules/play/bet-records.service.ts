import { formatMoney } from '@playhouse/contract/money';
import type { Order, OrderDetail, OrdersPage, OrdersQuery } from '@playhouse/contract/play';
import { IN_HOUSE_GAMES } from '@playhouse/games/catalogue';
import { drawGame } from '@playhouse/games/draws';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { resolvePeriod } from '../transactions/period.ts';
import { betTotals, findBet, listBets, type BetRow } from './bet-records.repository.ts';
import type { DrawsService } from '../draws/draws.service.ts';
import type { PlayService } from './play.service.ts';
import * as repo from './play.repository.ts';

type Member = Pick<AuthenticatedMember, 'id' | 'operatorId'>;

/** Lobby query types that are not stored types: ALL is none, BINGO is stored as RNG (spec §3). */
function storedGameType(gameType: string | undefined): string | undefined {
  if (!gameType || gameType === 'ALL') return undefined;
  return gameType === 'BINGO' ? 'RNG' : gameType;
}

function orderOf(row: BetRow): Order {
  const inHouse = row.vendor === 'BGS';
  return {
    roundId: row.round_id,
    gameCode: inHouse ? row.catalogue_code : row.game_code,
    gameName:
      row.game_name ??
      (inHouse
        ? (IN_HOUSE_GAMES[row.game_code]?.name ?? drawGame(row.game_code)?.name ?? row.game_code)
        : row.game_code),
    vendor: row.vendor,
    stake: formatMoney(Number(row.stake)),
    win: formatMoney(Number(row.win)),
    status: row.status as Order['status'],
    settledAt: Number(row.settled_at),
  };
}

/**
 * Bet records (`/lgw/orders`): the member's own bets, in-house rounds and seamless vendor rounds
 * together, newest first, with totals over the whole filter; the detail of one round with its
 * result and fairness data (the server seed once the member rotated away from it).
 */
export function createBetRecordsService(
  db: Db,
  play: PlayService,
  draws: Pick<DrawsService, 'ticketDetail'>,
) {
  return {
    async list(member: Member, query: OrdersQuery): Promise<OrdersPage> {
      const period = resolvePeriod(query, now());
      const filter = {
        operatorId: member.operatorId,
        memberId: member.id,
        from: period.from,
        to: period.to,
        gameType: storedGameType(query.gameType),
      };
      const [rows, totals] = await Promise.all([
        listBets(db, filter, { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize }),
        betTotals(db, filter),
      ]);
      return {
        list: rows.map(orderOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: totals.count,
        totalPages: Math.ceil(totals.count / query.pageSize),
        totals: {
          stake: formatMoney(totals.stake),
          win: formatMoney(totals.win),
          net: formatMoney(totals.win - totals.stake),
        },
      };
    },

    async detail(member: Member, roundId: string, currency: string): Promise<OrderDetail> {
      const row = await findBet(db, { operatorId: member.operatorId, memberId: member.id, roundId });
      // Another member's round is as unknown as a round that does not exist.
      if (!row) throw new AppError('NOT_FOUND');
      const order = orderOf(row);
      if (row.vendor !== 'BGS')
        return { ...order, currency, result: null, options: null, jackpotWin: null, fairness: null };
      // A draw-game ticket: its bet and the draw's result, and the draw's seeds.
      const ticket = await draws.ticketDetail(member, roundId);
      if (ticket) return { ...order, currency, options: null, jackpotWin: null, ...ticket };
      const round = await repo.findRound(db, roundId);
      if (!round || Number(round.member_id) !== member.id) throw new AppError('NOT_FOUND');
      const seed = (await repo.findSeedsByIds(db, [Number(round.seed_id)]))[0]!;
      return {
        ...order,
        currency: round.currency,
        result: JSON.parse(round.result) as unknown,
        options: round.options === null ? null : (JSON.parse(round.options) as unknown),
        jackpotWin: Number(round.jackpot_win) > 0 ? formatMoney(Number(round.jackpot_win)) : null,
        fairness: {
          serverSeedHash: seed.server_seed_hash,
          clientSeed: round.client_seed,
          nonce: Number(round.nonce),
          serverSeed: play.revealed({
            id: Number(seed.id),
            server_seed: seed.server_seed,
            revealed_at: seed.revealed_at === null ? null : Number(seed.revealed_at),
          }),
        },
      };
    },
  };
}
export type BetRecordsService = ReturnType<typeof createBetRecordsService>;
