import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../reference-gateway/src/main.ts', import.meta.url));

export interface RunningGateway {
  /** The gateway's base URL (its API, hosted pages and /health). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the reference gateway (apps/reference-gateway) as a child process on a free port, sending
 * its webhooks to `webhookUrl`; resolves once it listens. The secret goes by environment, as in
 * production. `retryBaseMs` is the first webhook retry delay (doubling after).
 */
export async function startReferenceGateway(options: {
  webhookUrl: string;
  secret: string;
  retryBaseMs?: number;
}): Promise<RunningGateway> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, '--port', '0', '--host', '127.0.0.1'],
    {
      env: {
        ...process.env,
        GATEWAY_SECRET: options.secret,
        GATEWAY_WEBHOOK_URL: options.webhookUrl,
        GATEWAY_RETRY_BASE_MS: String(options.retryBaseMs ?? 200),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reference gateway did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`reference gateway exited (${code}):\n${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
