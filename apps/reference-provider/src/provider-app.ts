import Fastify from 'fastify';
import type { ProviderConfig } from './config.ts';
import { DriveRoundsSchema, driveRounds } from './drive-rounds.ts';
import { createSeamlessClient } from './seamless-client.ts';
import { registerDemoPages } from './demo-pages.ts';
import { registerTransferWallet } from './transfer-wallet.ts';

/**
 * The reference provider's own HTTP face: something to tell it what to play, and a health check.
 * Each vendor-side feature is a module beside this one (seamless rounds, transfer-wallet moves and
 * the demo game pages) registered here.
 */
export function buildProviderApp(config: ProviderConfig, options: { logger?: boolean } = {}) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  const seamless = createSeamlessClient(config);

  app.get('/health', async () => ({ status: 'ok', vendor: config.vendor, target: config.target }));

  app.post('/drive/rounds', async (request, reply) => {
    const parsed = DriveRoundsSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({
        error: 'invalid request',
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    return driveRounds(seamless, config.vendor, parsed.data);
  });

  registerTransferWallet(app, config);
  registerDemoPages(app, config);

  return app;
}
