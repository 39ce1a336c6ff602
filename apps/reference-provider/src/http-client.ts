import http from 'node:http';
import https from 'node:https';

/** What one HTTP exchange answered: the status and the body's text. */
export interface HttpAnswer {
  status: number;
  text: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * A vendor's connection to a wallet server: node's HTTP client over a keep-alive pool. A wallet
 * integration makes many small calls to one server, so reusing connections matters more than
 * anything else on the caller's side; node's `fetch` costs about three times the CPU per call (its
 * streams and header objects), which on a shared machine starves the server it is measuring.
 * The timeout covers the whole exchange; it rejects with an Error named `TimeoutError`.
 */
export function createHttpClient(base: string, options: { maxSockets?: number } = {}) {
  const target = new URL(base);
  const secure = target.protocol === 'https:';
  const agent = new (secure ? https.Agent : http.Agent)({
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
  });
  const prefix = target.pathname.replace(/\/+$/, '');

  function request(path: string, req: HttpRequest): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
      const outgoing = (secure ? https : http).request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          path: `${prefix}${path}`,
          method: req.method,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', fail);
        },
      );
      const timer = setTimeout(() => {
        const error = new Error(`no answer within ${req.timeoutMs} ms`);
        error.name = 'TimeoutError';
        outgoing.destroy(error);
      }, req.timeoutMs);
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      outgoing.on('error', fail);
      outgoing.end(req.body);
    });
  }

  return { request, close: () => agent.destroy() };
}
export type HttpClient = ReturnType<typeof createHttpClient>;
