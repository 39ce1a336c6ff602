import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { startDemoProvider, type DemoProviderProcess } from './modules/games/demo-provider-process.ts';
import { startReferenceGatewayProcess, type GatewayProcess } from './modules/payments/gateway-process.ts';
import { REFERENCE_GATEWAY_CODE } from './modules/payments/gateway.ts';
import { logSerializers } from './plugins/log-serializers.ts';

const env = parseEnv();
const app = await buildApp({
  env,
  logger:
    env.NODE_ENV === 'development' && process.stdout.isTTY
      ? {
          level: env.LOG_LEVEL,
          serializers: logSerializers,
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : { level: env.LOG_LEVEL, serializers: logSerializers },
});

let demoProvider: DemoProviderProcess | undefined;
let demoGateway: GatewayProcess | undefined;
let closing = false;

// Graceful shutdown: /readyz turns 503 and every response closes its connection while requests are
// still served for SHUTDOWN_DRAIN_SECONDS (the load balancer moves on); then the server stops
// listening, in-flight requests finish (new ones on open connections get 503), idle connections
// close, then the database. A stuck close is cut 10 s after the drain.
closeWithGrace({ delay: (env.SHUTDOWN_DRAIN_SECONDS + 10) * 1000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS }, 'draining before shutdown');
  closing = true;
  app.lifecycle.draining = true;
  if (!err && env.SHUTDOWN_DRAIN_SECONDS > 0)
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_SECONDS * 1000));
  await demoProvider?.stop();
  await demoGateway?.stop();
  await app.close();
  app.log.info('shut down');
});

await app.listen({ port: env.PORT, host: env.HOST });

// Demo vendors: with demo credentials (the demo data) and no provider elsewhere (DEMO_PROVIDER_URL),
// the reference provider runs next to this server; it ends when this process does.
if (!env.DEMO_PROVIDER_URL && env.DEMO_PROVIDER === '1') {
  const operator = await app.services.settings.defaultOperator();
  const secret = await app.services.demo.providerSecret(operator.id);
  if (secret) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '';
    const host = wildcard ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    try {
      demoProvider = await startDemoProvider({
        target: `http://${host}:${port}`,
        secret,
        host: env.HOST,
        port: env.DEMO_PROVIDER_PORT,
        onExit: (code) => {
          app.services.demo.useProvider(undefined);
          if (!closing)
            app.log.warn({ code }, 'demo provider stopped: demo vendors answer VENDOR_NOT_CONNECTED');
        },
      });
      app.services.demo.useProvider({ port: demoProvider.port });
      app.log.info(`Demo vendors: reference provider on port ${demoProvider.port}`);
    } catch (error) {
      app.log.warn({ err: error }, 'demo provider did not start: demo vendors answer VENDOR_NOT_CONNECTED');
    }
  }
}
// The demo's payment gateway: the reference gateway next to this server as REFPAY (webhooks to us).
if (env.SEED_DEMO === '1' && env.PAYMENT_GATEWAY === '1') {
  const operator = await app.services.settings.defaultOperator();
  const secret = await app.services.payments.gateways.ensureSecret(operator.id);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '';
  const host = wildcard ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  try {
    demoGateway = await startReferenceGatewayProcess({
      webhookUrl: `http://${host}:${port}/wps/payments/${REFERENCE_GATEWAY_CODE}/callback`,
      secret,
      host: env.HOST,
      port: env.PAYMENT_GATEWAY_PORT,
      publicUrl: env.PAYMENT_GATEWAY_PUBLIC_URL,
      onExit: (code) =>
        app.log.warn({ code }, 'reference gateway stopped: gateway deposits answer GATEWAY_UNAVAILABLE'),
    });
    await app.services.payments.gateways.configure(operator.id, {
      code: REFERENCE_GATEWAY_CODE,
      baseUrl: `http://${host}:${demoGateway.port}`,
      secret,
    });
    app.log.info(`Payments: reference gateway on port ${demoGateway.port}`);
  } catch (error) {
    app.log.warn(
      { err: error },
      'reference gateway did not start: gateway deposits answer GATEWAY_UNAVAILABLE',
    );
  }
}
app.log.info(`Playhouse is up: http://localhost:${env.PORT}/m/home (back office: /bo/, API docs: /wps/docs)`);
