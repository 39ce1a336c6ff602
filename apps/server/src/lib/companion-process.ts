import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface CompanionProcess {
  port: number;
  /** Ends the process and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts one of our reference processes (the demo provider, the reference gateway) next to this
 * server: `main` run through tsx with `--port`/`--host`, its secrets passed by environment (never on
 * the command line). It reports the port it took (port 0: any free one) by printing "listening on
 * http://host:port", and exits on its own when this process ends, however it ends: its stdin is a
 * pipe from us and `exitWithParentEnv` tells it to watch that pipe.
 */
export async function startCompanion(options: {
  /** What the logs and errors call it, e.g. "reference gateway". */
  name: string;
  main: string;
  host: string;
  port: number;
  env: Record<string, string>;
  exitWithParentEnv: string;
  startTimeoutMs: number;
  onExit?: ((code: number | null) => void) | undefined;
}): Promise<CompanionProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', options.main, '--port', String(options.port), '--host', options.host],
    {
      env: { ...process.env, ...options.env, [options.exitWithParentEnv]: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${options.name} did not start:\n${output}`));
    }, options.startTimeoutMs);
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
      reject(new Error(`${options.name} exited (${code}):\n${output}`));
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
