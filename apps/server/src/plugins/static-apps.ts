import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where the player site's build is, unless the app is given another folder. */
export const DEFAULT_WEB_DIST = path.join(repoRoot, 'apps/web/dist');

interface SpaApp {
  prefix: string;
  dist: string;
  index?: Buffer;
}

// Hashed files never change under a name; everything else (index, sw.js, manifest) revalidates.
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header(
    'cache-control',
    /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** An in-house game's full-screen client: `/play/<game code>` (its API lives under `/play/api/`). */
const GAME_SCREEN = /^\/play\/(?!api\/?$)[A-Za-z0-9_-]{1,40}\/?$/;

/**
 * Whether a page address belongs to the player site, whose page (apps/web) is sent for it: home's
 * names, everything under /m/, and the in-house games' screens under /play/.
 */
export function isPlayerSitePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/m' || pathname.startsWith('/m/') || GAME_SCREEN.test(pathname);
}

/** Serves the built player site's files under /m/ and the back office's under /bo/. */
export async function registerStaticApps(
  app: FastifyInstance,
  options: { webDist?: string; boDist?: string } = {},
) {
  const spas: SpaApp[] = [
    { prefix: '/m/', dist: options.webDist ?? DEFAULT_WEB_DIST },
    { prefix: '/bo/', dist: options.boDist ?? path.join(repoRoot, 'apps/backoffice/dist') },
  ];
  let first = true;
  for (const spa of spas) {
    const indexFile = path.join(spa.dist, 'index.html');
    if (!existsSync(indexFile)) continue;
    spa.index = readFileSync(indexFile);
    await app.register(fastifyStatic, {
      root: spa.dist,
      prefix: spa.prefix,
      wildcard: false,
      index: false,
      decorateReply: first,
      setHeaders: setCacheHeaders,
      // Each app's page is sent by the not-found handler (app.ts), never as the file.
      allowedPath: (pathname) => pathname !== '/index.html',
      schemaHide: true,
    });
    first = false;
  }
  // The player site's page is built per request (modules/system/player-page.ts); the back office's
  // is its index.html as built.
  return { backOfficeIndex: spas[1]?.index };
}
