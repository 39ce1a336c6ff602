import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { TOAST_MS } from '../../../lib/timing.ts';
import { hideToast, showToast } from '../../../shell/toast.tsx';

/** The countdown ticks every 500 ms, recomputed from the server's expirationTime (spec §4). */
const TICK_MS = 500;

/**
 * Sends an SMS code and runs the resend countdown. A failure hides the loading toast and starts no
 * countdown; success shows 'SMS code sent, please check'.
 */
export function useSmsCode(kind: 'register' | 'noLogin') {
  const { t } = useTranslation('auth');
  const [until, setUntil] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!until) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSeconds(left);
      if (!left) setUntil(0);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);

  const send = async (
    countryDialingCode: string,
    mobileNum: string,
    human?: { captcha: string; captchaKey: string },
  ) => {
    setSending(true);
    const toast = showToast(t('sms.sending'), { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    try {
      const value = await apiFetch<{ expirationTime: number }>(`/wps/verification/sms/${kind}`, {
        method: 'POST',
        body: { countryDialingCode, mobileNum, ...human },
      });
      hideToast(toast);
      setUntil(value.expirationTime);
      showToast(t('sms.sent'), { kind: 'success', durationMs: TOAST_MS.success });
      return { ok: true as const };
    } catch (error) {
      hideToast(toast);
      if (error instanceof ApiError) {
        showToast(error.message, { kind: 'error' });
        return { ok: false as const, error };
      }
      throw error;
    } finally {
      setSending(false);
    }
  };

  return { send, seconds, counting: seconds > 0, sending };
}
