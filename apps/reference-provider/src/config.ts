import { parseArgs } from 'node:util';
import { z } from 'zod';

/**
 * How the reference provider is told what to play against: our server's base URL, the vendor code
 * it signs as and that vendor's secret (set in the back office with PUT /bo/api/vendors/{code}).
 * CLI flags win over the environment; the secret is better passed by environment (flags show in `ps`).
 */
export const ProviderConfigSchema = z.object({
  /** Base URL of the Playhouse server, e.g. http://127.0.0.1:8080. */
  target: z.string().url(),
  vendor: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,16}$/),
  secret: z.string().min(1).max(256),
  port: z.coerce.number().int().min(0).max(65535).default(9090),
  host: z.string().default('127.0.0.1'),
  /** Per-call timeout; a call that times out is sent again with the same transaction id. */
  timeoutMs: z.coerce.number().int().min(100).max(60_000).default(10_000),
  retries: z.coerce.number().int().min(0).max(10).default(3),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

export function loadConfig(argv = process.argv.slice(2), env = process.env): ProviderConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      vendor: { type: 'string' },
      secret: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'timeout-ms': { type: 'string' },
      retries: { type: 'string' },
    },
    strict: true,
  });
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] || undefined);
  const result = ProviderConfigSchema.safeParse({
    target: pick(values.target, 'PROVIDER_TARGET_URL'),
    vendor: pick(values.vendor, 'PROVIDER_VENDOR'),
    secret: pick(values.secret, 'PROVIDER_SECRET'),
    port: pick(values.port, 'PROVIDER_PORT'),
    host: pick(values.host, 'PROVIDER_HOST'),
    timeoutMs: pick(values['timeout-ms'], 'PROVIDER_TIMEOUT_MS'),
    retries: pick(values.retries, 'PROVIDER_RETRIES'),
  });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(
      `Invalid reference provider configuration:\n${lines}\n` +
        'Set --target (PROVIDER_TARGET_URL), --vendor (PROVIDER_VENDOR) and PROVIDER_SECRET.',
    );
  }
  return result.data;
}
