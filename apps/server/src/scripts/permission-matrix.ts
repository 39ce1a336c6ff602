import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createDb } from '@playhouse/db/create-db';
import { permissionMatrixMarkdown, withPermissionMatrix } from '../plugins/staff-permissions.ts';

/**
 * `npm run docs:permissions`: writes the back office's permission matrix, as the server declares it
 * route by route, into docs/security.md (between its markers). Builds the app on an in-memory database.
 */
const database = await createDb({ url: ':memory:' });
const app = await buildApp({
  env: parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    PLAYHOUSE_ADMIN_PASSWORD: 'matrix-only-password',
  }),
  database,
  logger: false,
});
await app.ready();
const file = new URL('../../../../docs/security.md', import.meta.url);
writeFileSync(
  file,
  withPermissionMatrix(readFileSync(file, 'utf8'), permissionMatrixMarkdown(app.declaredStaffRoutes())),
);
await app.close();
await database.close();
console.info('docs/security.md: permission matrix written');
