import type { RotateResult, Seeds, VerifyRequest, VerifyResult } from '@playhouse/contract/play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { useMemberQuery } from '../../../session/session.ts';
import { PLAY_API, PLAY_KEYS } from './paths.ts';

export type { RotateResult, Seeds, VerifyRequest, VerifyResult };

/** The member's current seed pair: the server seed's commitment, their client seed, the next nonce. */
export const useSeeds = () => useMemberQuery<Seeds>(['play', 'seeds'], PLAY_API.seeds);

/** Sets the member's client seed for the rounds to come. */
export function useChangeClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) =>
      apiFetch<Seeds>(PLAY_API.clientSeed, { method: 'PUT', body: { clientSeed } }),
    onSuccess: (seeds) => queryClient.setQueryData(PLAY_KEYS.seeds, seeds),
  });
}

/** Reveals the current server seed and commits to a new one. */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RotateResult>(PLAY_API.rotate, { method: 'POST' }),
    onSuccess: (rotated) => {
      queryClient.setQueryData(PLAY_KEYS.seeds, {
        serverSeedHash: rotated.serverSeedHash,
        clientSeed: rotated.clientSeed,
        nonce: rotated.nonce,
      });
      // Round details of the old seed now show it revealed.
      void queryClient.invalidateQueries({ queryKey: ['member', 'orders'] });
    },
  });
}

/** Recomputes a round from revealed seeds (public; POST /play/api/verify). */
export function useVerify() {
  return useMutation({
    mutationFn: (body: VerifyRequest) => apiFetch<VerifyResult>(PLAY_API.verify, { method: 'POST', body }),
  });
}
