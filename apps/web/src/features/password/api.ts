import { apiFetch } from '../../lib/api.ts';
import { sendEncrypted } from '../../lib/credential-encryption.ts';
import { storeSession, type LoginValue } from '../../session/session-store.ts';

/** Keeps the session a reset opened, as a login without "remember me" does. */
export function startSession(result: LoginValue): void {
  storeSession(result, false);
}

/** POST /wps/member/password/email, form-urlencoded, trimmed (spec §3). */
export function requestEmailReset(username: string, email: string): Promise<object> {
  return apiFetch('/wps/member/password/email', {
    method: 'POST',
    body: new URLSearchParams({ username: username.trim(), email: email.trim() }),
  });
}

/** What a reset answers: a new session, like a login. */
export function resetWithToken(token: string, newPassword: string, confirmNewPassword: string) {
  return sendEncrypted<LoginValue>('/wps/member/password/reset', 'POST', {
    token: token.trim(),
    newPassword,
    confirmNewPassword,
  });
}

export function setPasswordByPhone(input: {
  newPassword: string;
  mobileNum: string;
  verificationCode: string;
  countryDialingCode: string;
}) {
  return sendEncrypted<LoginValue>('/wps/member/password/verification', 'POST', input);
}

/** Asks for an SMS code to reset the password; resolves with when the resend countdown ends. */
export function sendResetCode(
  countryDialingCode: string,
  mobileNum: string,
  human?: { captcha: string; captchaKey: string },
) {
  return apiFetch<{ expirationTime: number }>('/wps/verification/sms/noLogin', {
    method: 'POST',
    body: { countryDialingCode, mobileNum, purpose: 'reset-password', ...human },
  });
}

export function changePassword(body: {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
  signOutOthers: boolean;
}) {
  return apiFetch<{ signedOutSessions: number }>('/wps/member/password', { method: 'POST', body });
}
