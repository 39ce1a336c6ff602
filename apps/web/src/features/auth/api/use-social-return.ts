import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { TOAST_MS } from '../../../lib/timing.ts';
import { hideToast, showToast } from '../../../shell/toast.tsx';
import type { LoginValue } from '../../../session/session-store.ts';
import { exchangeOAuthCode, telegramLogin } from './social-calls.ts';

/** What a social sign-in left in the login page's address, removed from it at once. */
function takeSocialReturn():
  | { kind: 'oauth'; code: string }
  | { kind: 'error'; code: string }
  | { kind: 'telegram'; data: Record<string, unknown> }
  | undefined {
  const url = new URL(window.location.href);
  const oauth = url.searchParams.get('oauth');
  const error = url.searchParams.get('oauthError');
  const tg = /(?:^|[#&])tgAuthResult=([^&]+)/.exec(url.hash)?.[1];
  if (!oauth && !error && !tg) return undefined;
  url.searchParams.delete('oauth');
  url.searchParams.delete('oauthError');
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
  if (oauth) return { kind: 'oauth', code: oauth };
  if (error) return { kind: 'error', code: error.replace(/[^A-Z_]/g, '') };
  try {
    // Telegram returns base64url JSON of the signed login data.
    const json = atob(decodeURIComponent(tg!).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return { kind: 'telegram', data: JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> };
  } catch {
    return { kind: 'error', code: 'TELEGRAM_AUTH_INVALID' };
  }
}

/**
 * Finishes a social sign-in on the login page: `?oauth=<one-time code>` is exchanged for a session,
 * `#tgAuthResult=` (Telegram) is checked by the server, `?oauthError=<CODE>` is shown. `onSignedIn`
 * stores the session like a normal login.
 */
export function useSocialReturn(onSignedIn: (value: LoginValue) => Promise<void>) {
  const { t } = useTranslation('auth');
  const handled = useRef(false);

  useEffect(() => {
    // Once per page: the address is cleaned at once, so a later render finds nothing anyway.
    if (handled.current) return;
    handled.current = true;
    const found = takeSocialReturn();
    if (!found) return;
    if (found.kind === 'error') {
      showToast(t(`common:errors.${found.code}`, { defaultValue: t('common:errors.INTERNAL') }), {
        kind: 'error',
      });
      return;
    }
    const toast = showToast(t('login.loading'), { kind: 'loading', durationMs: TOAST_MS.loadingList });
    const call = found.kind === 'oauth' ? exchangeOAuthCode(found.code) : telegramLogin(found.data);
    call
      .then(async (value) => {
        hideToast(toast);
        await onSignedIn(value);
      })
      .catch((error: unknown) => {
        hideToast(toast);
        if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
      });
  }, [onSignedIn, t]);
}
