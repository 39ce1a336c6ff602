import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const INCOMING_ID = /^[\w-]{8,64}$/;

/**
 * Request ids for logs and `x-request-id`: a well-formed incoming id is kept (so a proxy's trace id
 * follows the request), otherwise a random per-process prefix plus a counter, unique across
 * instances and restarts without spending entropy on every request (decision 008).
 */
export function createRequestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = randomBytes(9).toString('base64url');
  let counter = 0;
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && INCOMING_ID.test(incoming)) return incoming;
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}
