import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarId } from '@playhouse/contract/avatars';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

export interface MemberProfile {
  id: number;
  account: string;
  nickname: string | null;
  headIcon: AvatarId;
  type: number;
  regDate: string;
  toUpline: boolean;
  clubLabel: { labelName: string } | null;
  email: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  lastLoginAt: number | null;
  currency: string;
}

export interface MemberSession {
  id: number;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  ip: string | null;
  device: string | null;
  userAgent: string | null;
  current: boolean;
}

export const useProfile = () => useMemberQuery<MemberProfile>('profile', '/wps/member/info/renewed');
export const useSessions = () =>
  useMemberQuery<{ list: MemberSession[] }>('sessions', '/wps/member/sessions');

function useMemberMutation<A, T>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

export const useSetNickname = () =>
  useMemberMutation((nickname: string) =>
    apiFetch<{ nickname: string }>('/wps/member/info/nickname', { method: 'PUT', body: { nickname } }),
  );

export const useSetHeadIcon = () =>
  useMemberMutation((headIcon: AvatarId) =>
    apiFetch('/wps/member/info/icon', { method: 'POST', body: new URLSearchParams({ headIcon }) }),
  );

export const useRevokeSession = () =>
  useMemberMutation((id: number) =>
    apiFetch<{ revoked: number }>(`/wps/member/sessions/${id}`, { method: 'DELETE' }),
  );

export const useRevokeOtherSessions = () =>
  useMemberMutation(() => apiFetch<{ revoked: number }>('/wps/member/sessions', { method: 'DELETE' }));
