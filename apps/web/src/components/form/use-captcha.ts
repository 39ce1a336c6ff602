import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

export interface CaptchaChallenge {
  captchaKey: string;
  image: string;
  length: number;
  expiresAt: number;
}

/** A captcha image when `enabled`; `refresh` fetches a new one (each is single use). */
export function useCaptcha(enabled: boolean) {
  const query = useQuery({
    queryKey: ['captcha'],
    queryFn: () => apiFetch<CaptchaChallenge>('/wps/captcha'),
    enabled,
    staleTime: 90_000,
    gcTime: 0,
    retry: false,
  });
  return {
    challenge: enabled ? query.data : undefined,
    refresh: () => void query.refetch(),
    loading: query.isFetching,
  };
}
