import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArtParamsSchema } from '@playhouse/contract/games';
import { AppError } from '../../lib/app-error.ts';
import { gameArt, promoArt, vendorArt } from './game-art.ts';

const ONE_YEAR = 365 * 24 * 3600;

/** Sends a generated SVG with a strong ETag and a year of caching (same code, same picture). */
function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string): FastifyReply {
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
  reply.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

/**
 * Original artwork for the lobby, generated from codes: game tiles, vendor plates (also under the
 * spec's `{code}-BLACK.png` name) and promotional banners and posters whose headline is the slug.
 */
export const artRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app.services;
  const schema = { hide: true, params: ArtParamsSchema };

  app.get('/lgw/art/games/:file', { schema }, async (request, reply) => {
    const m = /^([A-Za-z0-9_-]{1,64})\.svg$/.exec(request.params.file);
    if (!m) throw new AppError('NOT_FOUND');
    const game = (await catalogue.catalogue(request.operator.id)).byCode.get(m[1]!.toUpperCase());
    if (!game) throw new AppError('NOT_FOUND');
    return sendSvg(request, reply, gameArt(game.gameCode, game.gameName, game.vendorName));
  });

  app.get('/lgw/art/vendors/:file', { schema }, async (request, reply) => {
    const m = /^([A-Za-z0-9_]{1,16})(?:-BLACK\.png|\.svg)$/.exec(request.params.file);
    if (!m) throw new AppError('NOT_FOUND');
    const vendor = (await catalogue.catalogue(request.operator.id)).vendors.get(m[1]!.toUpperCase());
    if (!vendor) throw new AppError('NOT_FOUND');
    return sendSvg(request, reply, vendorArt(vendor.code, vendor.display_name));
  });

  for (const shape of ['banner', 'poster'] as const) {
    app.get(`/lgw/art/${shape}s/:file`, { schema }, async (request, reply) => {
      const m = /^([a-z0-9]+(?:-[a-z0-9]+){0,7})\.svg$/.exec(request.params.file);
      if (!m) throw new AppError('NOT_FOUND');
      return sendSvg(request, reply, promoArt(m[1]!, shape));
    });
  }
};
