import type { Jackpot } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { firstScreenAt, firstScreenData } from '../../../lib/first-screen.ts';
import { useLiveConnected } from '../../../lib/live-state.ts';

/** The cache key of the jackpot pool. */
export const JACKPOT_KEY = ['lobby', 'jackpot'] as const;

/**
 * The real progressive pool (GET /wps/game/jackpot), so the counter can move towards it: pushed by
 * the live channel while it is up (app/live.ts), polled while it is not. Home's page carries a recent
 * figure to start from; the app asks for the current one at once.
 */
export function useJackpot() {
  const live = useLiveConnected();
  return useQuery({
    queryKey: JACKPOT_KEY,
    queryFn: () => apiFetch<Jackpot>('/wps/game/jackpot'),
    initialData: () => firstScreenData('jackpot'),
    initialDataUpdatedAt: firstScreenAt,
    refetchInterval: live ? false : 10_000,
    retry: false,
  });
}
