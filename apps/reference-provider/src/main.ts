import type { AddressInfo } from 'node:net';
import { loadConfig, type ProviderConfig } from './config.ts';
import { buildProviderApp } from './provider-app.ts';

/**
 * `npm run provider -- --target http://127.0.0.1:8080 --vendor JILI` (secret in PROVIDER_SECRET):
 * a game vendor's side of the seamless wallet over real HTTP. Prints the address it listens on
 * (`--port 0` picks a free one) and stops cleanly on SIGTERM or SIGINT.
 */
let config: ProviderConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const app = buildProviderApp(config);
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
console.info(
  `reference provider ${config.vendor} listening on http://${config.host}:${port} (target ${config.target})`,
);

const stop = () => void app.close().then(() => process.exit(0));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
// Started by our server (demo mode): its end closes our stdin, even when it was killed outright.
if (process.env.PROVIDER_EXIT_WITH_PARENT === '1') {
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  process.stdin.resume();
}
