import { z } from 'zod';

/**
 * Request schemas of the endpoints that take encrypted credentials (architecture: credential
 * encryption). Both parts are optional at the schema level so that a plain body is answered
 * ENCRYPTION_REQUIRED by the decryption step rather than a 400 about its shape.
 */
export const EncryptedBodySchema = z.object({ data: z.string().max(32_768).optional() }).loose();
export const EncryptionHeaderSchema = z.object({ encryption: z.string().max(2048).optional() }).loose();
