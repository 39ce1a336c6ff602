import { parseArgs } from 'node:util';
import { z } from 'zod';

/**
 * How the reference gateway is set up: the shared secret both sides sign with, where it sends its
 * webhooks (the merchant's callback address, as a gateway's dashboard would hold it), and how it
 * retries them. CLI flags win over the environment; the secret is better passed by environment.
 */
export const GatewayConfigSchema = z.object({
  /** The merchant's shared secret (HMAC-SHA256 of requests and webhooks). */
  secret: z.string().min(16).max(256),
  /** Where webhooks go, e.g. http://127.0.0.1:8080/wps/payments/REFPAY/callback. */
  webhookUrl: z.string().url(),
  port: z.coerce.number().int().min(0).max(65535).default(9190),
  host: z.string().default('127.0.0.1'),
  /** The address payers' browsers reach the hosted page at; default http://host:port. */
  publicUrl: z.string().url().optional(),
  /** First retry delay of an unacknowledged webhook; doubles per attempt. */
  retryBaseMs: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** Deliveries of one event before the gateway gives up. */
  maxAttempts: z.coerce.number().int().min(1).max(30).default(10),
  /** Minutes a payment waits for the payer before it expires (an EXPIRED webhook). */
  expiryMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

export function loadConfig(argv = process.argv.slice(2), env = process.env): GatewayConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      secret: { type: 'string' },
      'webhook-url': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'retry-base-ms': { type: 'string' },
      'max-attempts': { type: 'string' },
      'expiry-minutes': { type: 'string' },
    },
    strict: true,
  });
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] || undefined);
  const result = GatewayConfigSchema.safeParse({
    secret: pick(values.secret, 'GATEWAY_SECRET'),
    webhookUrl: pick(values['webhook-url'], 'GATEWAY_WEBHOOK_URL'),
    port: pick(values.port, 'GATEWAY_PORT'),
    host: pick(values.host, 'GATEWAY_HOST'),
    publicUrl: pick(values['public-url'], 'GATEWAY_PUBLIC_URL'),
    retryBaseMs: pick(values['retry-base-ms'], 'GATEWAY_RETRY_BASE_MS'),
    maxAttempts: pick(values['max-attempts'], 'GATEWAY_MAX_ATTEMPTS'),
    expiryMinutes: pick(values['expiry-minutes'], 'GATEWAY_EXPIRY_MINUTES'),
  });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(
      `Invalid reference gateway configuration:\n${lines}\n` +
        'Set GATEWAY_SECRET (16+ characters) and --webhook-url (GATEWAY_WEBHOOK_URL).',
    );
  }
  return result.data;
}
