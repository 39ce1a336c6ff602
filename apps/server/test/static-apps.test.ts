import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '@playhouse/db/create-db';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';

function fakeDist(title: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'playhouse-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(
    path.join(dir, 'assets/index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

describe('serving the built apps', () => {
  it('serves hashed assets for a year, the shell with revalidation and SPA routes from index.html', async () => {
    const database = await createDb({ url: ':memory:' });
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', PLAYHOUSE_ADMIN_PASSWORD: 'static-test-password' }),
      database,
      logger: false,
      webDist: fakeDist('player site'),
      boDist: fakeDist('back office'),
    });
    try {
      const asset = await app.inject({
        url: '/m/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('gzip');

      const sw = await app.inject({ url: '/m/sw.js' });
      expect(sw.headers['cache-control']).toBe('no-cache');

      // Home under another name goes to its one address, keeping the query.
      for (const url of ['/', '/m', '/m/', '/m/index', '/m/index.html?from=app']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(url.includes('?') ? '/m/home?from=app' : '/m/home');
      }
      for (const url of ['/m/home', '/m/noticeDetail?id=3', '/m/no/such/page']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('player site');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // A script or style the build no longer has is a 404, not the page (which would not run as one).
      for (const url of ['/m/assets/index-gone.js', '/bo/assets/index-gone.css']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('player site');
      }
      expect((await app.inject({ url: '/bo/settings' })).body).toContain('back office');
      expect((await app.inject({ url: '/bo' })).body).toContain('back office');
      expect((await app.inject({ url: '/bo/index.html' })).body).toContain('back office');

      // An in-house game's screen is the player site's page; its API stays an API.
      for (const url of ['/play/SEVENS', '/play/JUNGLE?lang=AR', '/play/DICE/']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('player site');
      }
      for (const url of ['/play/api/no/such/endpoint']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('player site');
      }
      for (const url of ['/play', '/play/api', '/play/SEVENS/extra', '/play/a%20b']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe('/m/home');
      }

      const other = await app.inject({ url: '/whatever' });
      expect(other.statusCode).toBe(302);
      expect(other.headers.location).toBe('/m/home');

      const api = await app.inject({ url: '/wps/no/such/endpoint' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
