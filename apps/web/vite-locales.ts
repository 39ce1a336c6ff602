import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The player site's catalogue namespaces; the back office and server read theirs elsewhere. */
const WEB_NAMESPACES = [
  'web',
  'common',
  'auth',
  'member',
  'lobby',
  'records',
  'rg',
  'play',
  'pay',
  'rewards',
  'help',
  'invite',
  'promo',
  'inbox',
  'vip',
  'draws',
  'chat',
  'agent',
];

/**
 * Publishes the translation catalogues as static JSON under one content-hashed folder
 * (`/m/assets/locales-<hash>/<code>/<namespace>.json`), so the browser fetches only the language and
 * namespaces it uses, caches them for a year, and the first script carries a single folder name instead
 * of a table of per-file chunks. `__LOCALES_BASE__` tells the app where the folder is.
 */
export function localesPlugin(localesRoot: string, base: string): Plugin {
  const files = () =>
    readdirSync(localesRoot, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        WEB_NAMESPACES.map((ns) => ({
          rel: `${d.name}/${ns}.json`,
          abs: path.join(localesRoot, d.name, `${ns}.json`),
        })),
      )
      .filter((f) => {
        try {
          readFileSync(f.abs);
          return true;
        } catch {
          return false;
        }
      });
  const minified = (abs: string) => JSON.stringify(JSON.parse(readFileSync(abs, 'utf8')));
  const hash = () => {
    const h = createHash('sha256');
    for (const f of files()) h.update(f.rel).update(minified(f.abs));
    return h.digest('hex').slice(0, 10);
  };
  let folder = '';
  let serverBuild = false;
  return {
    name: 'playhouse-locales',
    config(config, { command }) {
      serverBuild = Boolean(config.build?.ssr);
      folder = command === 'build' ? `assets/locales-${hash()}` : 'dev-locales';
      return { define: { __LOCALES_BASE__: JSON.stringify(`${base}${folder}`) } };
    },
    configureServer(server) {
      server.middlewares.use(`${base}${folder}`, (req, res, next) => {
        const rel = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        const file = files().find((f) => f.rel === rel);
        if (!file) return next();
        res.setHeader('content-type', 'application/json');
        res.end(minified(file.abs));
      });
    },
    generateBundle() {
      // The server's build renders with catalogues the server reads from the site's build.
      if (serverBuild) return;
      for (const f of files())
        this.emitFile({ type: 'asset', fileName: `${folder}/${f.rel}`, source: minified(f.abs) });
    },
  };
}
