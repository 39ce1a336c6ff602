import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const PROVIDER_MAIN = fileURLToPath(new URL('../../../../reference-provider/src/main.ts', import.meta.url));
/** The vendor code the provider names itself by; in demo mode it signs as each launched vendor. */
const DEMO_PROVIDER_VENDOR = 'DEMO';

export interface DemoProviderProcess {
  port: number;
  /** Ends the provider and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the reference provider (apps/reference-provider) next to this server for demo mode: it
 * calls this server at `target` and signs with the operator's demo secret (passed by environment,
 * never on the command line). It listens on `host:port` (port 0: any free one) and exits on its own
 * when this process ends, however it ends (its stdin is a pipe from us).
 */
export async function startDemoProvider(options: {
  target: string;
  secret: string;
  host: string;
  port: number;
  onExit?: (code: number | null) => void;
}): Promise<DemoProviderProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', PROVIDER_MAIN, '--port', String(options.port), '--host', options.host],
    {
      env: {
        ...process.env,
        PROVIDER_TARGET_URL: options.target,
        PROVIDER_VENDOR: DEMO_PROVIDER_VENDOR,
        PROVIDER_SECRET: options.secret,
        PROVIDER_EXIT_WITH_PARENT: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`demo provider did not start:\n${output}`));
    }, 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on https?:\/\/\S+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo provider exited (${code}):\n${output}`));
    });
  });
  // Nothing more is read from it; keep its output from filling the pipe.
  child.stdout.resume();
  child.stderr.resume();
  child.once('exit', (code) => options.onExit?.(code));
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
