import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Limits, LimitsUpdate, SessionSummary } from '@playhouse/contract/responsible-gambling';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

export type { Limits, LimitsUpdate, SessionSummary };

/** The member's limits in force, waiting raises, use per window and any break. */
export const useLimits = () => useMemberQuery<Limits>(['rg', 'limits'], '/wps/member/limits');

/** What a reality check shows; refetched when it is due. */
export const useSessionSummary = () =>
  useMemberQuery<SessionSummary>(['rg', 'session-summary'], '/wps/member/session-summary');

/** A mutation of the member's own protection settings; every answer refreshes what they show. */
function useRgMutation<A, T>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'rg'] }),
  });
}

export const useUpdateLimits = () =>
  useRgMutation((update: LimitsUpdate) =>
    apiFetch<Limits>('/wps/member/limits', { method: 'PUT', body: update }),
  );

export const useTakeBreak = () =>
  useRgMutation((days: number) =>
    apiFetch<{ until: number }>('/wps/member/timeout', { method: 'POST', body: { days } }),
  );

export const useSelfExclude = () =>
  useRgMutation((months: number) =>
    apiFetch<{ until: number }>('/wps/member/selfExclusion', { method: 'POST', body: { months } }),
  );
