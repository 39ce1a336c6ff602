import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { findUnsafeInput, parseJson, unsafeInputField } from '../../lib/untrusted-input.ts';
import { issuesToFields } from '../../lib/validation.ts';
import type { Db } from '../operators/operators.repository.ts';
import { isSealed, type SecretBox } from './secret-box.ts';

const KIND = 'credential-rsa';
/** The secret-box purpose the private key is sealed for at rest. */
const PRIVATE_KEY = 'credential-private-key';
// Fatal: plaintext that is not UTF-8 is refused rather than read with U+FFFD in its place.
const utf8 = new TextDecoder('utf-8', { fatal: true });

const generateRsaPair = promisify(generateKeyPair);

/**
 * The credential keys as the server holds them: read (or generated) on first use rather than at start,
 * so that starting an instance costs no RSA key generation and no request waits on one made at start
 * by another. A failed load is tried again by the next request.
 */
export function credentialKeys(db: Db, secrets: SecretBox) {
  let loading: Promise<CredentialCipher> | undefined;
  const cipher = () =>
    (loading ??= loadCredentialKeys(db, secrets).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    async publicKey(): Promise<string> {
      return (await cipher()).publicKey;
    },
    /** Opens an encrypted body and validates its plaintext; every failure is a client error. */
    async decrypt<T extends z.ZodType>(
      encryptionHeader: string | undefined,
      data: string | undefined,
      schema: T,
    ): Promise<z.infer<T>> {
      return (await cipher()).decrypt(encryptionHeader, data, schema);
    },
  };
}
export type CredentialKeys = ReturnType<typeof credentialKeys>;

/**
 * The RSA key pair that protects credentials in transit (architecture: RSA-OAEP-256 wraps a one-time
 * AES-256-GCM key). Generated once, off the event loop, and kept in the database so every instance
 * shares it.
 */
export async function loadCredentialKeys(db: Db, secrets: SecretBox) {
  let row = await db.selectFrom('server_keys').selectAll().where('kind', '=', KIND).executeTakeFirst();
  if (!row) {
    const pair = await generateRsaPair('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Two instances starting together may race: the unique kind keeps one, both read it back.
    await db
      .insertInto('server_keys')
      .values({
        kind: KIND,
        public_pem: pair.publicKey,
        private_pem: secrets.seal(PRIVATE_KEY, pair.privateKey),
        created_at: now(),
      })
      .onConflict((oc) => oc.column('kind').doNothing())
      .execute();
    row = await db.selectFrom('server_keys').selectAll().where('kind', '=', KIND).executeTakeFirstOrThrow();
  }
  if (!isSealed(row.private_pem)) {
    // Kept in clear by an earlier version: sealed now, in place.
    await db
      .updateTable('server_keys')
      .set({ private_pem: secrets.seal(PRIVATE_KEY, row.private_pem) })
      .where('kind', '=', KIND)
      .where('private_pem', '=', row.private_pem)
      .execute();
    return createCredentialCipher(row.public_pem, createPrivateKey(row.private_pem));
  }
  return createCredentialCipher(row.public_pem, createPrivateKey(secrets.open(PRIVATE_KEY, row.private_pem)));
}

export function createCredentialCipher(publicPem: string, privateKey: KeyObject) {
  return {
    publicKey: publicPem,

    /** Opens an encrypted body and validates its plaintext; every failure is a client error. */
    decrypt<T extends z.ZodType>(
      encryptionHeader: string | undefined,
      data: string | undefined,
      schema: T,
    ): z.infer<T> {
      if (!encryptionHeader || !data) throw new AppError('ENCRYPTION_REQUIRED');
      let plainBytes: Buffer;
      try {
        const key = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(encryptionHeader, 'base64'),
        );
        if (key.length !== 32) throw new Error('bad key length');
        const blob = Buffer.from(data, 'base64');
        if (blob.length < 12 + 16) throw new Error('short ciphertext');
        const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
        decipher.setAuthTag(blob.subarray(blob.length - 16));
        plainBytes = Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]);
      } catch {
        throw new AppError('DECRYPTION_FAILED');
      }
      // The plaintext is a body like any other: the same key stripping and text checks as the
      // request guard (plugins/input-guard.ts) applies to plain bodies.
      let plaintext: string;
      try {
        plaintext = utf8.decode(plainBytes);
      } catch {
        throw fieldError('body', 'invalidCharacters');
      }
      let json: unknown;
      try {
        json = parseJson(plaintext);
      } catch {
        throw fieldError('body', 'invalidFormat');
      }
      const unsafe = findUnsafeInput(json);
      if (unsafe) throw fieldError(unsafeInputField(unsafe, 'body'), unsafe.key);
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', { fields: issuesToFields(parsed.error.issues) });
      return parsed.data;
    },
  };
}
export type CredentialCipher = ReturnType<typeof createCredentialCipher>;
