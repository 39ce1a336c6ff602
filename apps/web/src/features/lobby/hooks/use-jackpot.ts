import type { Jackpot } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { firstScreenAt, firstScreenData } from '../../../lib/first-screen.ts';

/** The cache key of the jackpot pool. */
export const JACKPOT_KEY = ['lobby', 'jackpot'] as const;

/**
 * The real progressive pool (GET /wps/game/jackpot), polled so the counter can move towards it.
 * Home's page carries a recent figure to start from; the app asks for the current one at once.
 */
export function useJackpot() {
  return useQuery({
    queryKey: JACKPOT_KEY,
    queryFn: () => apiFetch<Jackpot>('/wps/game/jackpot'),
    initialData: () => firstScreenData('jackpot'),
    initialDataUpdatedAt: firstScreenAt,
    refetchInterval: 10_000,
    retry: false,
  });
}
