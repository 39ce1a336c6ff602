import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepositChannel,
  DepositHistory,
  DepositItem,
  DepositRequest,
  DepositResponse,
  DepositStatus,
} from '@playhouse/contract/payments';
import { apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { useMemberQuery, useSession } from '../../../session/session.ts';
import { useLiveConnected } from '../../../lib/live-state.ts';

export const HISTORY_PAGE_SIZE = 10;

/** The operator's enabled deposit channels, with whether each is open now. */
export const useDepositChannels = () =>
  useMemberQuery<DepositChannel[]>('deposit-channels', '/wps/relay/MCS2_depositChannels');

/** The member's deposits, newest first, ten at a time; `status` narrows them (the pending list). */
export function useDepositHistory(status?: DepositStatus) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: ['member', 'deposits', status ?? 'all'],
    enabled: Boolean(session),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<DepositHistory>(
        withQuery('/wps/relay/MCS2_depositRecords', {
          pageNo: pageParam,
          pageSize: HISTORY_PAGE_SIZE,
          status,
        }),
        { signal },
      ),
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
}

/**
 * One deposit: after the gateway's page the member sees it move to credited (or failed) without
 * reloading, pushed by the live channel, or asked again every two seconds while pending without one.
 */
export function useDeposit(depositId: string | undefined) {
  const session = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: ['member', 'deposit', depositId],
    enabled: Boolean(session && depositId),
    queryFn: ({ signal }) =>
      apiFetch<DepositItem>(withQuery('/wps/relay/MCS2_deposit', { depositId }), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' && !live ? 2000 : false),
  });
}

/** Creates a deposit; a retry of the same submission carries the same request id. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositRequest) =>
      apiFetch<DepositResponse>('/wps/relay/MCS2_deposit', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'deposits'] }),
  });
}
