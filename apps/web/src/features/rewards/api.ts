import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimResult, RewardCentre } from '@playhouse/contract/rewards';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

/** The reward centre: today's check-in and missions with their progress. */
export const useRewardCentre = () => useMemberQuery<RewardCentre>('rewards', '/wps/rewards');

/**
 * A check-in or a mission claim. Afterwards the centre, the summary (bubble and badges), the balance
 * and the account record are read again: the reward shows everywhere at once.
 */
export function useClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { kind: 'checkin' } | { kind: 'mission'; id: number }) =>
      apiFetch<ClaimResult>(
        what.kind === 'checkin' ? '/wps/rewards/checkin' : `/wps/rewards/missions/${what.id}/claim`,
        { method: 'POST' },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['member', 'rewards'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'rewards-summary'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'account-record'] }),
      ]),
  });
}
