import { fileURLToPath } from 'node:url';
import { startCompanion, type CompanionProcess } from '../../lib/companion-process.ts';

const GATEWAY_MAIN = fileURLToPath(new URL('../../../../reference-gateway/src/main.ts', import.meta.url));

export type GatewayProcess = CompanionProcess;

/**
 * Starts the reference gateway (apps/reference-gateway) next to this server for the demo, as the
 * reference provider is: its webhooks go to `webhookUrl` and it signs with `secret`.
 */
export function startReferenceGatewayProcess(options: {
  webhookUrl: string;
  secret: string;
  host: string;
  port: number;
  publicUrl?: string | undefined;
  onExit?: (code: number | null) => void;
}): Promise<GatewayProcess> {
  return startCompanion({
    name: 'reference gateway',
    main: GATEWAY_MAIN,
    host: options.host,
    port: options.port,
    env: {
      GATEWAY_SECRET: options.secret,
      GATEWAY_WEBHOOK_URL: options.webhookUrl,
      ...(options.publicUrl ? { GATEWAY_PUBLIC_URL: options.publicUrl } : {}),
    },
    exitWithParentEnv: 'GATEWAY_EXIT_WITH_PARENT',
    startTimeoutMs: 120_000,
    onExit: options.onExit,
  });
}
