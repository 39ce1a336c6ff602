import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header, if well formed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1];
}
