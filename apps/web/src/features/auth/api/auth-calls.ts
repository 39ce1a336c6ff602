import { apiFetch } from '../../../lib/api.ts';
import { sendEncrypted } from '../../../lib/credential-encryption.ts';
import type { LoginValue } from '../../../session/session-store.ts';

export type LoginPayload =
  | {
      type: 'username';
      username: string;
      password: string;
      rememberMe: boolean;
      agentOnly?: boolean;
      captcha?: string;
      captchaKey?: string;
    }
  | {
      type: 'sms';
      countryDialingCode: string;
      mobileNum: string;
      verificationCode: string;
      rememberMe: boolean;
      agentOnly?: boolean;
      captcha?: string;
      captchaKey?: string;
    };

export const login = (payload: LoginPayload) =>
  sendEncrypted<LoginValue>('/wps/session/login', 'POST', payload);

export const register = (payload: Record<string, unknown>, byMobile: boolean) =>
  sendEncrypted<LoginValue>(
    byMobile ? '/wps/member/register/mobile' : '/wps/member/register',
    'PUT',
    payload,
  );

export const createTrial = () => apiFetch<LoginValue & { trialName: string }>('/wps/member/trialuser');

export const checkUsername = (username: string) =>
  apiFetch<{ available: boolean }>(`/wps/check/username?username=${encodeURIComponent(username)}`);

export const checkAffiliate = (code: string) =>
  apiFetch<{ success: boolean }>(`/wps/agent/affiliate?affiliateCode=${encodeURIComponent(code)}`);

/** Asks for an SMS code; resolves with when the resend countdown ends. */
export const sendSmsCode = (
  kind: 'register' | 'noLogin',
  countryDialingCode: string,
  mobileNum: string,
  human?: { captcha: string; captchaKey: string },
) =>
  apiFetch<{ expirationTime: number }>(`/wps/verification/sms/${kind}`, {
    method: 'POST',
    body: { countryDialingCode, mobileNum, ...human },
  });
