import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A uniform integer in [0, max) from the platform CSPRNG (rejection sampling inside randomInt). */
export function secureInt(max: number): number {
  return randomInt(max);
}

/** A fresh server seed for provably-fair rounds: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published before play: SHA-256 of the server seed. */
export function commitSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/**
 * Provably-fair draw: uniform integers in [0, max) derived from HMAC-SHA256(serverSeed,
 * `${clientSeed}:${nonce}:${cursor}`). Each 4-byte word is rejection-sampled so no value is favoured;
 * anyone holding the revealed server seed can recompute every draw.
 */
export function fairInts(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
  max: number,
): number[] {
  if (!Number.isInteger(max) || max < 1 || max > 2 ** 32) throw new RangeError('max out of range');
  const limit = 2 ** 32 - (2 ** 32 % max);
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let i = 0; i + 4 <= block.length && out.length < count; i += 4) {
      const word = block.readUInt32BE(i);
      if (word < limit) out.push(word % max);
    }
  }
  return out;
}
