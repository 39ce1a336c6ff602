import type { MessageProvider, OutgoingMessage } from './outbox.service.ts';

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway, chosen when `SMS_GATEWAY_URL` is set: one `POST {to, text}` (JSON) per
 * message with `Authorization: Bearer SMS_GATEWAY_TOKEN`. Any 2xx is delivered; anything else, a
 * timeout or an unreachable gateway throws, so the caller's request fails instead of pretending.
 */
export function createSmsGatewayProvider(
  url: string,
  token: string | undefined,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): MessageProvider {
  const host = new URL(url).host;
  return {
    name: 'sms-gateway',
    async deliver(message: OutgoingMessage) {
      if (message.channel !== 'sms') throw new Error('the SMS gateway only sends SMS');
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: message.recipient, text: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const reason =
          (error as Error).name === 'TimeoutError'
            ? `timed out after ${timeoutMs} ms`
            : (error as Error).message;
        throw new Error(`SMS gateway ${host} failed: ${reason}`, { cause: error });
      }
      // Drain the body so the connection can be reused.
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS gateway ${host} answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    },
  };
}
