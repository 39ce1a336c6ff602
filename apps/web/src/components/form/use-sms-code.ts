import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { TOAST_MS } from '../../lib/timing.ts';
import { hideToast, showToast } from '../../shell/toast.tsx';
import { secondsLeft } from './sms-countdown.ts';

/** The countdown is recomputed every 500 ms from the server's expirationTime (spec §4). */
const TICK_MS = 500;

export type SmsSendResult = { ok: true } | { ok: false; error?: ApiError };

/**
 * Sends SMS codes and runs the resend countdown (spec §4): it starts from the server's expirationTime
 * (60 s), ticks every 500 ms and blocks another send until it reaches 0. A failure hides the loading
 * notice, shows the reason and starts no countdown. `texts.failed` is shown for a failure that is no
 * API error; without it such an error is thrown on.
 */
export function useSmsCode(texts: { sending: string; sent: string; failed?: string }) {
  const [clock, setClock] = useState<{ until: number; now: number }>();
  const [sending, setSending] = useState(false);
  const seconds = clock ? secondsLeft(clock.until, clock.now) : 0;
  const until = clock?.until;
  const counting = seconds > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(
      () => setClock((c) => c && { until: c.until, now: Date.now() }),
      TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [until, counting]);

  const send = async (request: () => Promise<{ expirationTime: number }>): Promise<SmsSendResult> => {
    if (sending || counting) return { ok: false };
    setSending(true);
    const toast = showToast(texts.sending, { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    try {
      const value = await request();
      hideToast(toast);
      setClock({ until: value.expirationTime, now: Date.now() });
      showToast(texts.sent, { kind: 'success', durationMs: TOAST_MS.success });
      return { ok: true };
    } catch (error) {
      hideToast(toast);
      if (error instanceof ApiError) {
        showToast(error.message, { kind: 'error' });
        return { ok: false, error };
      }
      if (texts.failed === undefined) throw error;
      showToast(texts.failed, { kind: 'error' });
      return { ok: false };
    } finally {
      setSending(false);
    }
  };

  return { send, seconds, counting, sending };
}
