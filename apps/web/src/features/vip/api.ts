import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RebateClaimResponse, RebateHistory, RebateSummary, VipSummary } from '@playhouse/contract/vip';
import { apiFetch } from '../../lib/api.ts';
import { withQuery } from '../../lib/query-string.ts';
import { useMemberQuery, useSession } from '../../session/session.ts';

export type { RebateClaimResponse, RebateHistory, RebateSummary, VipSummary };

const HISTORY_PAGE_SIZE = 10;

/** The member's rank, progress and every rank's benefits (reading it evaluates the rank). */
export const useVipSummary = () => useMemberQuery<VipSummary>(['vip', 'summary'], '/wps/member/vip');

/** The rebate accrued since the last claim. */
export const useRebate = () => useMemberQuery<RebateSummary>(['vip', 'rebate'], '/wps/member/rebate');

/** The member's claims, newest first. */
export function useRebateHistory() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: ['member', 'vip', 'rebate-history'],
    enabled: Boolean(session),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<RebateHistory>(
        withQuery('/wps/member/rebate/history', { pageNo: pageParam, pageSize: HISTORY_PAGE_SIZE }),
        { signal },
      ),
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
}

/** Claims the rebate; the balance, the withdrawal requirement and the rebate all change. */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RebateClaimResponse>('/wps/member/rebate/claim', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
