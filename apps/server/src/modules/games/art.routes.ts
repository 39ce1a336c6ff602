import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArtParamsSchema } from '@playhouse/contract/games';
import { AppError } from '../../lib/app-error.ts';
import { ART_MEDIA_TYPES, type ArtFormat, rasterize } from './art-raster.ts';
import { gameArt, promoArt, vendorArt } from './game-art.ts';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * Sends generated art as SVG, WebP or PNG with a strong ETag and a year of caching (same code, same
 * picture). The ETag is read from the SVG, so a revalidation never renders anything.
 */
async function sendArt(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string,
  format: ArtFormat,
): Promise<FastifyReply> {
  const hash = createHash('sha1').update(svg).digest('base64url').slice(0, 20);
  const etag = `"${format}-${hash}"`;
  reply.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const body = format === 'svg' ? svg : await rasterize(svg, format, hash);
  return reply.type(ART_MEDIA_TYPES[format]).send(body);
}

const FORMAT = '(svg|webp|png)';
const GAME_FILE = new RegExp(`^([A-Za-z0-9_-]{1,64})\\.${FORMAT}$`);
const VENDOR_FILE = new RegExp(`^([A-Za-z0-9_]{1,16})(-BLACK)?\\.${FORMAT}$`);
const PROMO_FILE = new RegExp(`^([a-z0-9]+(?:-[a-z0-9]+){0,7})\\.${FORMAT}$`);

/**
 * Original artwork for the lobby, generated from codes: game tiles, vendor plates (also under the
 * spec's `{code}-BLACK.png` name) and promotional banners and posters whose headline is the slug.
 * Each is drawn as SVG and served in the format its name asks for; the site uses WebP.
 */
export const artRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app.services;
  const schema = { hide: true, params: ArtParamsSchema };

  app.get('/lgw/art/games/:file', { schema }, async (request, reply) => {
    const m = GAME_FILE.exec(request.params.file);
    if (!m) throw new AppError('NOT_FOUND');
    const game = (await catalogue.catalogue(request.operator.id)).byCode.get(m[1]!.toUpperCase());
    if (!game) throw new AppError('NOT_FOUND');
    return sendArt(request, reply, gameArt(game.gameCode, game.gameName, game.vendorName), m[2] as ArtFormat);
  });

  app.get('/lgw/art/vendors/:file', { schema }, async (request, reply) => {
    const m = VENDOR_FILE.exec(request.params.file);
    if (!m) throw new AppError('NOT_FOUND');
    const vendor = (await catalogue.catalogue(request.operator.id)).vendors.get(m[1]!.toUpperCase());
    if (!vendor) throw new AppError('NOT_FOUND');
    return sendArt(request, reply, vendorArt(vendor.code, vendor.display_name), m[3] as ArtFormat);
  });

  for (const shape of ['banner', 'poster'] as const) {
    app.get(`/lgw/art/${shape}s/:file`, { schema }, async (request, reply) => {
      const m = PROMO_FILE.exec(request.params.file);
      if (!m) throw new AppError('NOT_FOUND');
      return sendArt(request, reply, promoArt(m[1]!, shape), m[2] as ArtFormat);
    });
  }
};
