import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const GATEWAY_MAIN = fileURLToPath(new URL('../../../../reference-gateway/src/main.ts', import.meta.url));

export interface GatewayProcess {
  port: number;
  /** Ends the gateway and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the reference gateway (apps/reference-gateway) next to this server for the demo, as the
 * reference provider is: its webhooks go to `webhookUrl`, it signs with `secret` (passed by
 * environment, never on the command line), listens on `host:port` (port 0: any free one) and exits
 * when this process ends, however it ends (its stdin is a pipe from us).
 */
export async function startReferenceGatewayProcess(options: {
  webhookUrl: string;
  secret: string;
  host: string;
  port: number;
  publicUrl?: string | undefined;
  onExit?: (code: number | null) => void;
}): Promise<GatewayProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', GATEWAY_MAIN, '--port', String(options.port), '--host', options.host],
    {
      env: {
        ...process.env,
        GATEWAY_SECRET: options.secret,
        GATEWAY_WEBHOOK_URL: options.webhookUrl,
        GATEWAY_EXIT_WITH_PARENT: '1',
        ...(options.publicUrl ? { GATEWAY_PUBLIC_URL: options.publicUrl } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`reference gateway did not start:\n${output}`));
    }, 30_000);
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
      reject(new Error(`reference gateway exited (${code}):\n${output}`));
    });
  });
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
