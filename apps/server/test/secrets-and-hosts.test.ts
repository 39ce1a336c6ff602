import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadCredentialKeys } from '../src/modules/system/credential-keys.ts';
import { isSealed } from '../src/modules/system/secret-box.ts';
import { DIALECTS, createTestApp, staffAuth } from './support/test-app.ts';

/**
 * docs/security.md's "Fix now" list, items 4 and 5: every secret the server reads back is sealed at
 * rest (social client secrets and bot tokens, the credential private key), production does not start
 * without the sealing key from the environment, and the back office can live on a host of its own.
 */
describe('the sealing key in production', () => {
  it('refuses to start in production without SECRETS_KEY, and starts with one', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required in production/);
    expect(parseEnv({ NODE_ENV: 'production', SECRETS_KEY: 'b'.repeat(64) }).SECRETS_KEY).toBe(
      'b'.repeat(64),
    );
    expect(parseEnv({ NODE_ENV: 'development' }).SECRETS_KEY).toBeUndefined();
  });
});

describe.each(DIALECTS)('secrets sealed at rest (%s)', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  }, 60_000);

  it('stores social client secrets and bot tokens sealed, and seals ones kept in clear before', async () => {
    const staff = await staffAuth(app);
    const clientSecret = 'client-secret-in-clear-0123456789';
    const saved = await app.inject({
      method: 'PUT',
      url: '/bo/api/social/google',
      headers: staff,
      payload: { clientId: 'google-client', clientSecret },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const db = app.services.db;
    const row = await db
      .selectFrom('social_providers')
      .selectAll()
      .where('provider', '=', 'google')
      .executeTakeFirstOrThrow();
    expect(isSealed(row.client_secret!)).toBe(true);
    expect(row.client_secret).not.toContain(clientSecret);
    expect(app.services.secrets.open('social-client-secret', row.client_secret!)).toBe(clientSecret);

    // A row an earlier version wrote in clear is sealed at the next start.
    await db
      .updateTable('social_providers')
      .set({ client_secret: clientSecret })
      .where('id', '=', row.id)
      .execute();
    await app.services.social.sealStoredSecrets();
    const resealed = await db
      .selectFrom('social_providers')
      .select('client_secret')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(isSealed(resealed.client_secret!)).toBe(true);
    expect(app.services.secrets.open('social-client-secret', resealed.client_secret!)).toBe(clientSecret);
  });

  it('keeps the credential private key sealed, sealing a clear one in place', async () => {
    const db = app.services.db;
    // The key pair is made on first use.
    expect(
      await db.selectFrom('server_keys').select('kind').where('kind', '=', 'credential-rsa').execute(),
    ).toEqual([]);
    const publicKey = await app.services.credentials.publicKey();
    const stored = await db
      .selectFrom('server_keys')
      .selectAll()
      .where('kind', '=', 'credential-rsa')
      .executeTakeFirstOrThrow();
    expect(isSealed(stored.private_pem)).toBe(true);
    expect(stored.public_pem).toBe(publicKey);
    const pem = app.services.secrets.open('credential-private-key', stored.private_pem);
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await db
      .updateTable('server_keys')
      .set({ private_pem: pem })
      .where('kind', '=', 'credential-rsa')
      .execute();
    const cipher = await loadCredentialKeys(db, app.services.secrets);
    expect(cipher.publicKey).toBe(stored.public_pem);
    const after = await db
      .selectFrom('server_keys')
      .select('private_pem')
      .where('kind', '=', 'credential-rsa')
      .executeTakeFirstOrThrow();
    expect(isSealed(after.private_pem)).toBe(true);
  });
});

describe.each(DIALECTS)('the back office on its own host (%s)', (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect, { BACKOFFICE_HOST: 'admin.playhouse.test' });
  }, 60_000);

  const get = (url: string, host: string) => app.inject({ url, headers: { host } });

  it('answers /bo only on its host and nothing of the player site there', async () => {
    expect((await get('/bo/api/session', 'play.playhouse.test')).statusCode).toBe(404);
    expect((await get('/bo/api/session', 'admin.playhouse.test')).json().code).toBe('NOT_LOGGED_IN');
    expect((await get('/bo/api/session', 'ADMIN.playhouse.test:8443')).json().code).toBe('NOT_LOGGED_IN');
    expect((await get('/wps/system/status', 'admin.playhouse.test')).statusCode).toBe(404);
    expect((await get('/robots.txt', 'admin.playhouse.test')).statusCode).toBe(404);
    expect((await get('/robots.txt', 'play.playhouse.test')).statusCode).toBe(200);
    expect((await get('/wps/system/status', 'play.playhouse.test')).statusCode).toBe(200);
    expect((await get('/healthz', 'admin.playhouse.test')).statusCode).toBe(200);
    // The router's own decoding does not open a way round it.
    expect((await get('/%62o/api/session', 'play.playhouse.test')).statusCode).toBe(404);
  });
});
