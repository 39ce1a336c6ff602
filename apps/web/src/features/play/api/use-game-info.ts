import type { GameInfo } from '@playhouse/contract/play';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { PLAY_API } from './paths.ts';

export type { GameInfo };

/** A game's rules, stakes and play-safety settings (GET /play/api/games/:code). */
export function useGameInfo(code: string) {
  return useQuery({
    queryKey: ['play', 'game', code],
    queryFn: () => apiFetch<GameInfo>(PLAY_API.game(code)),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
