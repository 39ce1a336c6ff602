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

/** A right password of a member with two-step sign-in on: a challenge for the second step. */
export interface LoginChallengeValue {
  twoFactorRequired: true;
  challenge: string;
  methods: ('totp' | 'sms' | 'recovery')[];
  mobileHint: string | null;
  expiresAt: number;
}

export const login = (payload: LoginPayload) =>
  sendEncrypted<LoginValue | LoginChallengeValue>('/wps/session/login', 'POST', payload);

export const isChallenge = (v: LoginValue | LoginChallengeValue): v is LoginChallengeValue =>
  'twoFactorRequired' in v && v.twoFactorRequired === true;

/** The second step: the challenge with an authenticator, SMS or recovery code. */
export const completeSecondStep = (body: { challenge: string; method: string; code: string }) =>
  apiFetch<LoginValue>('/wps/session/login/2fa', { method: 'POST', body });

export const sendSecondStepSms = (challenge: string) =>
  apiFetch<{ expirationTime: number }>('/wps/session/login/2fa/sms', { method: 'POST', body: { challenge } });

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
