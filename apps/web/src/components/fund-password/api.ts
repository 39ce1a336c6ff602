import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundPasswordBody, FundPasswordReset } from '@playhouse/contract/payments';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

export interface FundPasswordStatus {
  set: boolean;
  updatedAt: number | null;
}

/** Whether the member has a fund password (GET /wps/member/fundPassword). */
export const useFundPasswordStatus = () =>
  useMemberQuery<FundPasswordStatus>('fund-password', '/wps/member/fundPassword');

function useInvalidating<A, T>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The withdraw page's summary says whether one is set, too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

/** Sets the first fund password (with the login password) or changes it (with the old one). */
export const useSaveFundPassword = () =>
  useInvalidating((body: FundPasswordBody) =>
    apiFetch<unknown>('/wps/member/fundPassword', { method: 'PUT', body }),
  );

/** Forgot: an SMS code to the member's bound phone, then a new fund password with it. */
export const sendFundPasswordCode = () =>
  apiFetch<{ expirationTime: number; codeExpiresAt: number }>('/wps/member/fundPassword/code', {
    method: 'POST',
  });

export const useResetFundPassword = () =>
  useInvalidating((body: FundPasswordReset) =>
    apiFetch<unknown>('/wps/member/fundPassword/reset', { method: 'POST', body }),
  );
