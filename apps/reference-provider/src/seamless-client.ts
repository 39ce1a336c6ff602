import { createHmac } from 'node:crypto';
import { SeamlessResultSchema, type SeamlessAction, type SeamlessResult } from '@playhouse/contract/wallet';
import type { ProviderConfig } from './config.ts';
import { createHttpClient } from './http-client.ts';

const parseJson = (text: string): object => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
};

/** What our server answered to one seamless call (or that it could not be reached). */
export type CallOutcome =
  | { ok: true; value: SeamlessResult; attempts: number }
  | { ok: false; status: number; code: string; balance?: string; message?: string; attempts: number };

export interface SeamlessCall {
  userName: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: string;
  refTransactionId?: string;
}

/**
 * The vendor's half of the seamless wallet: each call is signed over the exact bytes sent
 * (`X-Signature: hex(HMAC-SHA256(secret, body))`). A call that gets no answer (network error,
 * timeout, 5xx) is sent again with the same body, so the same transaction id: the server's
 * idempotency turns the retry into the first result, never a second movement.
 */
export function createSeamlessClient(config: ProviderConfig, options: { language?: string } = {}) {
  const http = createHttpClient(config.target);

  async function send(
    action: SeamlessAction,
    call: SeamlessCall | { userName: string },
  ): Promise<CallOutcome> {
    const body = JSON.stringify(call);
    const signature = createHmac('sha256', config.secret).update(body).digest('hex');
    let last: CallOutcome = { ok: false, status: 0, code: 'UNREACHABLE', attempts: 0 };
    for (let attempt = 1; attempt <= config.retries + 1; attempt++) {
      try {
        const res = await http.request(`/wps/provider/wallet/${action}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-vendor': config.vendor,
            'x-signature': signature,
            ...(options.language ? { language: options.language } : {}),
          },
          body,
          timeoutMs: config.timeoutMs,
        });
        const json = parseJson(res.text) as {
          success?: boolean;
          value?: unknown;
          code?: string;
          balance?: string;
          message?: string;
        };
        if (res.status >= 200 && res.status < 300 && json.success)
          return { ok: true, value: SeamlessResultSchema.parse(json.value), attempts: attempt };
        last = {
          ok: false,
          status: res.status,
          code: json.code ?? `HTTP_${res.status}`,
          ...(json.balance ? { balance: json.balance } : {}),
          ...(typeof json.message === 'string' ? { message: json.message } : {}),
          attempts: attempt,
        };
        // A refusal is an answer; only a server that could not answer is asked again.
        if (res.status < 500) return last;
      } catch (error) {
        last = {
          ok: false,
          status: 0,
          code: error instanceof Error ? error.name : 'UNREACHABLE',
          attempts: attempt,
        };
      }
    }
    return last;
  }

  return {
    balance: (userName: string) => send('balance', { userName }),
    bet: (call: SeamlessCall) => send('bet', call),
    win: (call: SeamlessCall) => send('win', call),
    rollback: (call: SeamlessCall) => send('rollback', call),
    /** Closes the kept-alive connections. */
    close: () => http.close(),
  };
}
export type SeamlessClient = ReturnType<typeof createSeamlessClient>;
