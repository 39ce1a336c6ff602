import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BankCard,
  BankCardCreate,
  WithdrawalHistory,
  WithdrawInfo,
  WithdrawRequest,
  WithdrawResponse,
} from '@playhouse/contract/payments';
import { apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { useMemberQuery, useSession } from '../../../session/session.ts';
import { HISTORY_PAGE_SIZE } from './deposits.ts';

/** Balance, limits, turnover, fund password state and accounts: the withdraw page in one call. */
export const useWithdrawInfo = () =>
  useMemberQuery<WithdrawInfo>('withdraw-info', '/wps/transaction/withdraw/info');

/** The member's withdrawals, newest first, ten at a time. */
export function useWithdrawalHistory() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: ['member', 'withdrawals'],
    enabled: Boolean(session),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<WithdrawalHistory>(
        withQuery('/wps/transaction/withdrawals', { pageNo: pageParam, pageSize: HISTORY_PAGE_SIZE }),
        { signal },
      ),
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
  });
}

/** Every mutation here changes the balance, the limits or the accounts: all member data is refetched. */
function useMemberMutation<A, T>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

export const useWithdraw = () =>
  useMemberMutation((body: WithdrawRequest) =>
    apiFetch<WithdrawResponse>('/wps/transaction/withdraw', { method: 'POST', body }),
  );

export const useAddBankCard = () =>
  useMemberMutation((body: BankCardCreate) =>
    apiFetch<BankCard>('/wps/relay/MCS2_bankCards', { method: 'POST', body }),
  );

/** The payee name of every card and withdrawal: set once by the member (then only staff change it). */
export const useSetRealName = () =>
  useMemberMutation((realName: string) =>
    apiFetch<{ realName: string | null }>('/wps/member/realName', { method: 'PUT', body: { realName } }),
  );

export const useRemoveBankCard = () =>
  useMemberMutation((bankCardId: number) =>
    apiFetch<unknown>(withQuery('/wps/relay/MCS2_bankCards', { bankCardId }), { method: 'DELETE' }),
  );
