import type { OrderDetail, OrdersPage } from '@playhouse/contract/play';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { clearSession, useMemberQuery, useSession } from '../../../session/session.ts';
import type { DayRange } from '../periods.ts';

export type { OrderDetail, OrdersPage };

export const BET_PAGE_SIZE = 20;

export interface BetFilter extends DayRange {
  /** A lobby game type (INHOUSE, RNG, LIVE…) or ALL. */
  gameType: string;
  timeZone: string;
}

/**
 * The member's bets for a filter, 20 at a time for infinite scroll (GET /lgw/orders), with the
 * filter's totals on every page. Under the `member` key, so signing out forgets them.
 */
export function useBetRecord(filter: BetFilter) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['member', 'orders', filter],
    enabled: Boolean(session),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await apiFetch<OrdersPage>(
          withQuery('/lgw/orders', {
            pageNo: pageParam,
            pageSize: BET_PAGE_SIZE,
            gameType: filter.gameType === 'ALL' ? undefined : filter.gameType,
            startDate: filter.startDate,
            endDate: filter.endDate,
            timeZone: filter.timeZone,
          }),
          { signal },
        );
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_LOGGED_IN')
        ) {
          clearSession();
          queryClient.removeQueries({ queryKey: ['member'] });
        }
        throw error;
      }
    },
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    retry: false,
  });
}

/** One bet in full: its result and, for in-house rounds, the fairness data (GET /lgw/orders/detail). */
export const useBetDetail = (roundId: string) =>
  useMemberQuery<OrderDetail>(['orders', 'detail', roundId], withQuery('/lgw/orders/detail', { roundId }));
