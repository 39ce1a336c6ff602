import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';

const KIND = 'secret-box-aes256';
const VERSION = 'v1';

/**
 * Encryption at rest for secrets the server must read back (vendor wallet secrets, operators' TOTP
 * seeds): AES-256-GCM, a fresh 12-byte IV per value, the purpose bound in as associated data so a
 * value sealed for one use cannot be replayed into another column.
 *
 * The key is `SECRETS_KEY` (32 bytes, base64 or hex) when set, which production should do so that a
 * copy of the database alone reveals nothing. Without it a key is generated once and kept in the
 * database (the embedded default), shared by every instance like the credential key pair.
 */
export async function loadSecretBox(db: Db, configuredKey?: string) {
  if (configuredKey) return createSecretBox(parseKey(configuredKey));
  let row = await db.selectFrom('server_keys').selectAll().where('kind', '=', KIND).executeTakeFirst();
  if (!row) {
    const key = randomBytes(32);
    // Two instances starting together may race: the unique kind keeps one, both read it back.
    await db
      .insertInto('server_keys')
      .values({
        kind: KIND,
        public_pem: fingerprint(key),
        private_pem: key.toString('base64'),
        created_at: now(),
      })
      .onConflict((oc) => oc.column('kind').doNothing())
      .execute();
    row = await db.selectFrom('server_keys').selectAll().where('kind', '=', KIND).executeTakeFirstOrThrow();
  }
  return createSecretBox(Buffer.from(row.private_pem, 'base64'));
}

/** A 32-byte key from base64 or hex text; anything else is a configuration error. */
export function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** Whether a stored value is sealed (`v1.<iv>.<ciphertext>.<tag>`) rather than one kept in clear. */
export const isSealed = (value: string) => value.startsWith(`${VERSION}.`) && value.split('.').length === 4;

export function createSecretBox(key: Buffer) {
  return {
    /** `v1.<iv>.<ciphertext>.<tag>` (base64url parts) for a purpose such as `vendor-secret`. */
    seal(purpose: string, plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },

    /** The plaintext of a sealed value; throws when it was sealed with another key or purpose. */
    open(purpose: string, sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
