import type { FastifyRequest } from 'fastify';

/**
 * What a request log line holds. The query string is left out: it carries one-time secrets (a
 * password-reset token, an OAuth code or state) that must not outlive their use in a log file.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  }),
};
