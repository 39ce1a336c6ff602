import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundedMemo } from './bounded-memo.ts';

/** Below this size compression is not worth its CPU (the same threshold as the app's compress plugin). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * A response body many visitors share (a game-list page, vendor types, the winner board, the player
 * site's page): encoded once, compressed at most once per encoding, then sent as-is to everyone who
 * asks.
 */
export interface SharedBody {
  identity: Buffer;
  gzip(): Buffer;
  br(): Buffer;
}

/** Serialises `{ success: true, value }` once. */
export function sharedBody(value: unknown): SharedBody {
  return sharedBytes(Buffer.from(JSON.stringify({ success: true, value })));
}

/** Any body, compressed on first demand per encoding. */
export function sharedBytes(identity: Buffer): SharedBody {
  let gz: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    identity,
    gzip: () => (gz ??= gzipSync(identity, { level: 6 })),
    br: () =>
      (br ??= brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      })),
  };
}

/** Encodings the client accepts (q > 0), lower-cased. */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

export type SharedEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a shared body goes out in for an `Accept-Encoding` value: brotli, else gzip, else none. */
export function chooseEncoding(header: string | undefined): SharedEncoding {
  const accepts = accepted(header);
  if (accepts.has('br')) return 'br';
  if (accepts.has('gzip') || accepts.has('*')) return 'gzip';
  return 'identity';
}

/** Distinct `Accept-Encoding` values remembered: browsers and clients send a handful. */
export const ENCODING_MEMO_SIZE = 100;

/** `chooseEncoding` remembered per raw header value (the oldest value dropped beyond `limit`). */
export function memoisedEncodingChooser(limit = ENCODING_MEMO_SIZE) {
  const memo = boundedMemo<string, SharedEncoding>(limit);
  return (header: string | undefined): SharedEncoding => {
    if (header === undefined) return 'identity';
    let encoding = memo.get(header);
    if (encoding === undefined) {
      encoding = chooseEncoding(header);
      memo.set(header, encoding);
    }
    return encoding;
  };
}

const encodingFor = memoisedEncodingChooser();

/**
 * Sends a shared body, pre-compressed when the client accepts brotli or gzip. The response schema
 * of the route still documents the shape; the body was built from the same types.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SharedBody,
  type = 'application/json; charset=utf-8',
): FastifyReply {
  const vary = reply.getHeader('vary');
  reply.type(type).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (body.identity.length >= COMPRESS_MIN_BYTES) {
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br());
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip());
  }
  return reply.send(body.identity);
}
