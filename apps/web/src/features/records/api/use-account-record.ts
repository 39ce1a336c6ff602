import type { RecordPage } from '@playhouse/contract/transactions';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { clearSession, useSession } from '../../../session/session.ts';
import type { DayRange } from '../periods.ts';

export const RECORD_PAGE_SIZE = 20;

export interface RecordFilter extends DayRange {
  type: string;
  timeZone: string;
}

/**
 * The member's movements for a filter, 20 at a time for infinite scroll (/wps/transaction/record).
 * Under the `member` key, so signing out forgets them.
 */
export function useAccountRecord(filter: RecordFilter) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['member', 'account-record', filter],
    enabled: Boolean(session),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await apiFetch<RecordPage>(
          withQuery('/wps/transaction/record', {
            pageNo: pageParam,
            pageSize: RECORD_PAGE_SIZE,
            type: filter.type === 'all' ? undefined : filter.type,
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
