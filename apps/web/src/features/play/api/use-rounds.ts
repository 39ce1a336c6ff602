import type { Round, RoundList } from '@playhouse/contract/play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-string.ts';
import { useMemberQuery } from '../../../session/session.ts';
import { PLAY_API, PLAY_KEYS } from './paths.ts';

export type { Round };

/** A fresh idempotency key for one round: a retried request answers the same round, never a second. */
export function newRequestId(): string {
  return `r-${crypto.randomUUID()}`;
}

/** Plays a round (POST /play/api/rounds); the answer carries the balance after it. */
export function usePlayRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      gameCode: string;
      stake: string;
      requestId: string;
      options?: Record<string, unknown>;
    }) => apiFetch<Round>(PLAY_API.rounds, { method: 'POST', body }),
    onSuccess: (round) => {
      // The header's balance is the round's, at once; it is refetched when the player leaves the game.
      queryClient.setQueryData(PLAY_KEYS.wallet, (old: { sumBalance: string } | undefined) =>
        old ? { ...old, sumBalance: round.balance } : old,
      );
      void queryClient.invalidateQueries({ queryKey: PLAY_KEYS.seeds });
    },
  });
}

/** Rounds of this game drawn but never shown (the tab closed mid-spin): shown first when it opens. */
export function useUnshownRounds(code: string) {
  return useMemberQuery<RoundList>(
    ['play', 'unshown', code],
    withQuery(PLAY_API.unshown, { gameCode: code }),
  );
}

/** The member's last rounds of this game, to replay their results. */
export function useRecentRounds(code: string, enabled: boolean) {
  const query = useMemberQuery<RoundList>(
    ['play', 'recent', code],
    withQuery(PLAY_API.recent, { gameCode: code }),
  );
  return enabled ? query : { ...query, data: undefined };
}

/** Tells the server a round has been shown, so it is not shown again on the next visit. */
export function markShown(roundId: string): Promise<unknown> {
  return apiFetch(PLAY_API.shown(roundId), { method: 'POST' });
}
