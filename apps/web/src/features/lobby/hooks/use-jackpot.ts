import type { Jackpot } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** The real progressive pool (GET /wps/game/jackpot), polled so the counter can move towards it. */
export function useJackpot() {
  return useQuery({
    queryKey: ['lobby', 'jackpot'],
    queryFn: () => apiFetch<Jackpot>('/wps/game/jackpot'),
    refetchInterval: 10_000,
    retry: false,
  });
}
