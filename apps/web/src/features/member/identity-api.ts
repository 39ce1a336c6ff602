import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentityStatus, IdentitySubmit } from '@playhouse/contract/payments';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

/** The member's identity verification: NONE, UNDER_REVIEW, VERIFIED or REJECTED, with documents. */
export const useIdentity = () => useMemberQuery<IdentityStatus>('identity', '/wps/member/identity');

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentitySubmit) => apiFetch<unknown>('/wps/member/identity', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'identity'] }),
  });
}
