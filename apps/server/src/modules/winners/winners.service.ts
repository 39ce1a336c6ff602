import { formatMinor } from '@playhouse/contract/envelope';
import type { GameType, WinnerEntry } from '@playhouse/contract/games';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { CatalogueService } from '../games/catalogue.service.ts';
import { sharedBody, type SharedBody } from '../../lib/shared-body.ts';
import type { Db } from '../operators/operators.repository.ts';
import { maskName } from './mask-name.ts';
import {
  deleteWinsBefore,
  findGameId,
  findMemberOperator,
  insertWin,
  topWins,
} from './winners.repository.ts';

/** The board reads this many times the wins it shows, to fill it after dropping a player's smaller ones. */
const DEDUPE_READ_FACTOR = 4;
/** The board shows the biggest wins settled in this window. */
export const WINNER_WINDOW_MS = 7 * 24 * 3600_000;
const BOARD_TTL_MS = 10_000;
/** Wins are kept this long (well past the board's window), then pruned now and then by recordWin. */
export const WIN_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY = 500;

export interface RecordWinInput {
  operatorId: number;
  memberId: number;
  /** The game, by node id or code. */
  nodeId?: number;
  gameCode?: string;
  /** The settling transaction's id; recording the same reference again changes nothing. */
  reference: string;
  /** Amount won, in minor units (> 0). */
  winAmount: number;
  settledAt?: number;
}

/** The winner board: real settled wins, biggest first, names masked. */
export function createWinnersService(db: Db, catalogue: CatalogueService) {
  const boards = new Map<number, Map<string, { body: SharedBody; at: number }>>();
  let insertsSincePrune = 0;

  return {
    /**
     * Records a settled win for the board. Called by the wallet when a round settles with a win,
     * inside its transaction when `trx` is given. Returns false for a reference already recorded.
     */
    async recordWin(input: RecordWinInput, trx: Db = db): Promise<boolean> {
      if (!Number.isSafeInteger(input.winAmount) || input.winAmount <= 0)
        throw fieldError('winAmount', 'invalid');
      if (!input.reference || input.reference.length > 128) throw fieldError('reference', 'invalid');
      // Everything through `trx`: the caller may hold the only (SQLite) connection in a transaction.
      const gameId = await findGameId(trx, input.operatorId, {
        nodeId: input.nodeId,
        gameCode: input.gameCode,
      });
      if (gameId === undefined) throw new AppError('NOT_FOUND');
      const member = await findMemberOperator(trx, input.memberId);
      if (!member || Number(member.operator_id) !== input.operatorId) throw new AppError('NOT_FOUND');
      const stored = await insertWin(trx, {
        operatorId: input.operatorId,
        memberId: input.memberId,
        gameId,
        reference: input.reference,
        winAmount: input.winAmount,
        settledAt: input.settledAt ?? now(),
      });
      boards.delete(input.operatorId);
      if (stored && ++insertsSincePrune >= PRUNE_EVERY) {
        insertsSincePrune = 0;
        await deleteWinsBefore(trx, input.operatorId, now() - WIN_RETENTION_MS);
      }
      return stored;
    },

    /**
     * A win was recorded by a ledger function in its own movement (decision 035): the board is read
     * afresh, and old wins are pruned now and then as recordWin does.
     */
    async recorded(operatorId: number): Promise<void> {
      boards.delete(operatorId);
      if (++insertsSincePrune >= PRUNE_EVERY) {
        insertsSincePrune = 0;
        await deleteWinsBefore(db, operatorId, now() - WIN_RETENTION_MS);
      }
    },

    /** The board, serialised once and shared by every visitor for a few seconds. */
    async board(
      operatorId: number,
      opts: { gameCategory: GameType; limit: number; minWin: number; currencySymbol: string },
    ): Promise<SharedBody> {
      const key = `${opts.gameCategory}:${opts.limit}:${opts.minWin}:${opts.currencySymbol}`;
      const perOperator = boards.get(operatorId) ?? new Map<string, { body: SharedBody; at: number }>();
      boards.set(operatorId, perOperator);
      const hit = perOperator.get(key);
      if (hit && now() - hit.at < BOARD_TTL_MS) return hit.body;
      const at = now();
      const type =
        opts.gameCategory === 'ALL'
          ? undefined
          : opts.gameCategory === 'RNG'
            ? ({ by: 'game_type', value: 'RNG' } as const)
            : ({ by: 'category', value: opts.gameCategory } as const);
      const rows = await topWins(
        db,
        operatorId,
        at - WINNER_WINDOW_MS,
        opts.limit * DEDUPE_READ_FACTOR,
        opts.minWin,
        type,
      );
      const { byId } = await catalogue.catalogue(operatorId);
      // A player shows once per game, with their biggest win (the rows come biggest first).
      const seen = new Set<string>();
      const list: WinnerEntry[] = rows.flatMap((r) => {
        const game = byId.get(r.gameId);
        const pair = `${r.memberId}:${r.gameId}`;
        if (!game || seen.has(pair) || seen.size >= opts.limit) return [];
        seen.add(pair);
        return [
          {
            vo: {
              iconUrl: game.iconUrl,
              gameName: game.gameName,
              customerName: maskName(r.username),
              winAmount: formatMinor(r.winAmount),
              nodeId: game.nodeId,
              gameCode: game.gameCode,
              vassalage: game.vassalage,
              gameType: game.gameType,
              wonAt: r.settledAt,
            },
          },
        ];
      });
      const body = sharedBody({ list, currencySymbol: opts.currencySymbol });
      // A win recorded while this read ran has already dropped the map: don't store a stale board.
      if (boards.get(operatorId) === perOperator) perOperator.set(key, { body, at });
      return body;
    },
  };
}
export type WinnersService = ReturnType<typeof createWinnersService>;
