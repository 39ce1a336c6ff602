import type { AddressInfo } from 'node:net';
import { loadConfig, type GatewayConfig } from './config.ts';
import { buildGatewayApp } from './gateway-app.ts';

/**
 * `npm run gateway -- --webhook-url http://127.0.0.1:8080/wps/payments/REFPAY/callback` (secret in
 * GATEWAY_SECRET): a payment gateway's side over real HTTP. Prints the address it listens on
 * (`--port 0` picks a free one) and stops cleanly on SIGTERM or SIGINT.
 */
let config: GatewayConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const app = buildGatewayApp(config);
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
console.info(
  `reference gateway listening on http://${config.host}:${port} (webhooks to ${config.webhookUrl})`,
);

const stop = () => void app.close().then(() => process.exit(0));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
// Started by our server (demo): its end closes our stdin, even when it was killed outright.
if (process.env.GATEWAY_EXIT_WITH_PARENT === '1') {
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  process.stdin.resume();
}
