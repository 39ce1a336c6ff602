import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DRAW_PATHS,
  type BingoCard,
  type BingoCardTicket,
  type BingoRound,
  type CancelTicket,
  type DrawList,
  type DrawOrder,
  type DrawOrderRequest,
  type DrawRules,
  type ResultsPage,
  type Ticket,
} from '@playhouse/contract/draws';
import { apiFetch } from '../../lib/api.ts';
import { withQuery } from '../../lib/query-string.ts';
import { useMemberQuery } from '../../session/session.ts';

export type { DrawList, DrawRules, ResultsPage, Ticket };
export type PlayType = 'trad' | 'ent';

/** The lottery or e-lottery games with their open draws (asked again every 15 s and on demand). */
export function useDrawList(playType: PlayType) {
  return useQuery({
    queryKey: ['draws', 'list', playType],
    queryFn: ({ signal }) => apiFetch<DrawList>(withQuery(DRAW_PATHS.list, { playType }), { signal }),
    refetchInterval: 15_000,
  });
}

export function useRules(gameCode: string | undefined) {
  return useQuery({
    queryKey: ['draws', 'rules', gameCode],
    enabled: Boolean(gameCode),
    queryFn: ({ signal }) =>
      apiFetch<DrawRules>(withQuery(DRAW_PATHS.rules, { gameCode: gameCode! }), { signal }),
    staleTime: 60_000,
  });
}

/** The last draws of a game; asked often while a draw the screen waits for is being drawn. */
export function useResults(gameCode: string | undefined, waiting: boolean) {
  return useQuery({
    queryKey: ['draws', 'results', gameCode],
    enabled: Boolean(gameCode),
    queryFn: ({ signal }) =>
      apiFetch<ResultsPage>(withQuery(DRAW_PATHS.results, { gameCode: gameCode!, pageSize: 10 }), { signal }),
    refetchInterval: waiting ? 1500 : 20_000,
  });
}

/** The member's tickets of a game, newest first. */
export const useTickets = (gameCode: string | undefined) =>
  useMemberQuery<{ list: Ticket[] }>(
    ['draws', 'tickets', gameCode ?? ''],
    withQuery(DRAW_PATHS.tickets, { gameCode: gameCode ?? '', limit: 30 }),
  );

/** Buys the slip's tickets; the balance and the tickets change. */
export function useOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DrawOrderRequest) => apiFetch<DrawOrder>(DRAW_PATHS.orders, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) =>
      apiFetch<CancelTicket>(DRAW_PATHS.cancel, { method: 'POST', body: { ticketId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

// ---------- 75-ball bingo ----------

export type { BingoCard, BingoCardTicket, BingoRound };

/**
 * The bingo screen's state: asked every second while a round's balls are being called, and every
 * few seconds otherwise (the open round's countdown runs on the device in between).
 */
export function useBingoRound(signedIn: boolean) {
  return useQuery({
    queryKey: ['draws', 'bingo', signedIn],
    queryFn: ({ signal }) => apiFetch<BingoRound>(DRAW_PATHS.bingoRound, { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const calling = data?.live && data.serverTime < data.live.drawAt + 2000;
      return calling || data?.live?.status === 'open' ? 1000 : 4000;
    },
  });
}

/** Cards to choose from before buying (new ones each time `round` changes or on demand). */
export function useBingoCards(count: number, round: number) {
  return useQuery({
    queryKey: ['draws', 'bingo-cards', count, round],
    queryFn: ({ signal }) =>
      apiFetch<{ list: BingoCard[] }>(withQuery(DRAW_PATHS.bingoCards, { count }), { signal }),
    staleTime: Infinity,
  });
}
