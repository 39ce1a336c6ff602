import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer on the loopback, as the reverse proxy in deploy/ behaves: it sends each
 * request to the next instance whose /readyz answered 200 at the last look (every `pollMs`), passes
 * a request on to another instance only when the first refused the connection (so the request never
 * reached it), and answers 502 when an instance dies with the request in its hands: the client
 * decides whether to retry with the same idempotency key.
 */
export interface Balancer {
  url: string;
  /** Requests each instance answered, by its address. */
  served: Map<string, number>;
  /** Requests lost with an instance (502) and requests with no ready instance (503). */
  failures: { badGateway: number; unavailable: number };
  stop(): Promise<void>;
}

export async function startBalancer(
  upstreams: string[],
  options: { pollMs?: number } = {},
): Promise<Balancer> {
  const pollMs = options.pollMs ?? 100;
  const ready = new Map<string, boolean>(upstreams.map((u) => [u, false]));
  const served = new Map<string, number>(upstreams.map((u) => [u, 0]));
  const failures = { badGateway: 0, unavailable: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  let stopped = false;

  async function poll() {
    await Promise.all(
      upstreams.map(async (u) => {
        const ok = await fetch(`${u}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => r.ok,
          () => false,
        );
        ready.set(u, ok);
      }),
    );
  }
  await poll();
  const poller = setInterval(() => void poll(), pollMs);

  function pick(excluded: Set<string>): string | undefined {
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[(next + i) % upstreams.length]!;
      if (ready.get(u) && !excluded.has(u)) {
        next = (next + i + 1) % upstreams.length;
        return u;
      }
    }
    return undefined;
  }

  function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, excluded: Set<string>) {
    const upstream = pick(excluded);
    if (!upstream) {
      failures.unavailable++;
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"NO_INSTANCE"}');
      return;
    }
    const target = new URL(req.url ?? '/', upstream);
    const headers = { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    const out = httpRequest(target, { method: req.method, headers, agent }, (answer) => {
      served.set(upstream, (served.get(upstream) ?? 0) + 1);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error.code === 'ECONNREFUSED') {
        // Never reached the instance: safe to send to another one.
        ready.set(upstream, false);
        forward(req, body, res, new Set([...excluded, upstream]));
        return;
      }
      failures.badGateway++;
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"code":"BAD_GATEWAY"}');
    });
    out.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    failures,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(poller);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
