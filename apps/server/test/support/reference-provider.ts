import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { App } from '../../src/app.ts';

const MAIN = fileURLToPath(new URL('../../../reference-provider/src/main.ts', import.meta.url));

export interface RunningProvider {
  /** The provider's own base URL (POST /drive/rounds, GET /health). */
  url: string;
  stop(): Promise<void>;
}

/** Makes a test app listen on a free local port, for callers that speak real HTTP; its base URL. */
export async function listenForReal(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Starts the reference provider (apps/reference-provider) as a child process on a free port, playing
 * `vendor` against `target`; resolves once it listens. The secret goes by environment, as in production.
 */
export async function startReferenceProvider(options: {
  target: string;
  vendor: string;
  secret: string;
}): Promise<RunningProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, '--port', '0', '--host', '127.0.0.1'],
    {
      env: {
        ...process.env,
        PROVIDER_TARGET_URL: options.target,
        PROVIDER_VENDOR: options.vendor,
        PROVIDER_SECRET: options.secret,
        // Ends with this test process however it ends (a timed-out worker is killed, never stopped).
        PROVIDER_EXIT_WITH_PARENT: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reference provider did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`reference provider exited (${code}):\n${output}`));
    });
  });
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
