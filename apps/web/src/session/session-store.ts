import type { SessionInfo } from '../lib/api.ts';
import { STORAGE, readJson, writeJson, writeString } from '../lib/storage.ts';
import { SESSION_EVENT } from './session.ts';

/** "Remember me" keeps the method and the name to sign in with, never a password. */
export const REMEMBER_KEY = 'MC_REMEMBER';

export interface RememberedLogin {
  type: 'username' | 'sms';
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
}

export interface LoginValue {
  token: string;
  userName: string;
  type: number;
  firstTimeLogin: boolean;
  trialName?: string;
}

/**
 * Stores a new session (spec §3, MC_SESSION_INFO): in localStorage with `autoLogin` 1 when the member
 * asked to be remembered, else in sessionStorage so it ends with the browser.
 */
export function storeSession(value: LoginValue, remember: boolean): void {
  const info: SessionInfo = {
    token: value.token,
    userName: value.userName,
    type: value.type,
    firstTimeLogin: value.firstTimeLogin,
    ...(value.trialName ? { trialName: value.trialName } : {}),
  };
  localStorage.removeItem(STORAGE.session);
  sessionStorage.removeItem(STORAGE.session);
  writeJson(STORAGE.session, info, remember ? localStorage : sessionStorage);
  writeString(STORAGE.autoLogin, remember ? '1' : '0');
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function readRemembered(): RememberedLogin | undefined {
  return readJson<RememberedLogin>(REMEMBER_KEY);
}

export function writeRemembered(record: RememberedLogin | undefined): void {
  if (record) writeJson(REMEMBER_KEY, record);
  else writeString(REMEMBER_KEY, null);
}
