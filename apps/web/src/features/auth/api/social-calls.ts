import { apiFetch } from '../../../lib/api.ts';
import type { LoginValue } from '../../../session/session-store.ts';

/**
 * Where a social button sends the browser: the server answers with a redirect to the provider. An
 * agent's affiliate code (from a registration link) rides along, so a new member joins that team;
 * Telegram's login page cannot carry it.
 */
export const socialStartUrl = (provider: string, affiliateCode?: string) =>
  provider === 'telegram'
    ? '/wps/session/telegram/start'
    : `/wps/session/oauth/${provider}/start${affiliateCode ? `?affiliateCode=${encodeURIComponent(affiliateCode)}` : ''}`;

/** Trades the one-time `?oauth=` code for the session (the token never travels in a URL). */
export const exchangeOAuthCode = (code: string) =>
  apiFetch<LoginValue>('/wps/session/oauth/exchange', { method: 'POST', body: { code } });

/** Signs in with the data Telegram's login page returned. */
export const telegramLogin = (data: Record<string, unknown>) =>
  apiFetch<LoginValue>('/wps/session/telegram', { method: 'POST', body: data });
