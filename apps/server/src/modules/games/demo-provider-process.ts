import { fileURLToPath } from 'node:url';
import { startCompanion, type CompanionProcess } from '../../lib/companion-process.ts';

const PROVIDER_MAIN = fileURLToPath(new URL('../../../../reference-provider/src/main.ts', import.meta.url));
/** The vendor code the provider names itself by; in demo mode it signs as each launched vendor. */
const DEMO_PROVIDER_VENDOR = 'DEMO';

export type DemoProviderProcess = CompanionProcess;

/**
 * Starts the reference provider (apps/reference-provider) next to this server for demo mode: it
 * calls this server at `target` and signs with the operator's demo secret.
 */
export function startDemoProvider(options: {
  target: string;
  secret: string;
  host: string;
  port: number;
  onExit?: (code: number | null) => void;
}): Promise<DemoProviderProcess> {
  return startCompanion({
    name: 'demo provider',
    main: PROVIDER_MAIN,
    host: options.host,
    port: options.port,
    env: {
      PROVIDER_TARGET_URL: options.target,
      PROVIDER_VENDOR: DEMO_PROVIDER_VENDOR,
      PROVIDER_SECRET: options.secret,
    },
    exitWithParentEnv: 'PROVIDER_EXIT_WITH_PARENT',
    startTimeoutMs: 120_000,
    onExit: options.onExit,
  });
}
