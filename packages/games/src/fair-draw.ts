import { createHash, createHmac, hash, randomBytes, randomFillSync } from 'node:crypto';
import type { Draw } from './game.ts';

/**
 * Where a round's randomness comes from. Three sources, one interface (`Draw`):
 *
 * - `createFairDraw`: the provably-fair seed stream. Real rounds in provably-fair mode use it, and
 *   anyone holding the revealed server seed can recompute every draw (verify.ts).
 * - `createSecureDraw`: the platform CSPRNG. Real rounds outside provably-fair mode, tests and
 *   simulations.
 * - `createFastDraw`: xoshiro128**, a seeded non-cryptographic generator. ONLY for benchmarks and
 *   simulations that need millions of repeatable draws; never for a round that moves money (its
 *   state is recoverable from its output).
 *
 * All three turn 32-bit words into integers in [0, max) by rejection: a word at or above the largest
 * multiple of `max` below 2^32 is thrown away, so every value in [0, max) comes from exactly the same
 * number of words and none is favoured.
 */

const TWO_32 = 4294967296;

/** The first word value that is rejected for `max`: the largest multiple of `max` not above 2^32. */
export function rejectionLimit(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > TWO_32) throw new RangeError('max out of range');
  return TWO_32 - (TWO_32 % max);
}

/** A fresh server seed for provably-fair rounds: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published before play: SHA-256 of the server seed, hex. */
export function commitSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** A provably-fair `Draw` that also says how many HMAC blocks it has used (shown on the fairness page). */
export interface FairDraw extends Draw {
  readonly blocks: number;
}

/**
 * The provably-fair stream of one round. Block `cursor` (0, 1, 2…) is
 * HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`); its 32 bytes are read as
 * eight big-endian unsigned 32-bit words, in order, and each `int(max)` takes words until one is below
 * `rejectionLimit(max)` and answers `word % max`. A new block is computed only when the previous
 * one's eight words are used up, so a slot spin costs one HMAC, not one per reel.
 */
export function createFairDraw({ serverSeed, clientSeed, nonce }: FairSeeds): FairDraw {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  return new FairStream(hmacBlocks(serverSeed, `${clientSeed}:${nonce}:`));
}

/** A class rather than an object literal: a getter in a literal makes every round's object slow to build. */
class FairStream implements FairDraw {
  /** The current block as a 32-character latin1 string (one character per byte). */
  private bytes = '';
  private word = 8;
  private cursor = 0;

  constructor(private readonly block: (cursor: number) => string) {}

  get blocks(): number {
    return this.cursor;
  }

  int(max: number): number {
    const limit = rejectionLimit(max);
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % max;
    }
  }

  private nextWord(): number {
    if (this.word === 8) {
      this.bytes = this.block(this.cursor++);
      this.word = 0;
    }
    const i = 4 * this.word++;
    const b = this.bytes;
    return (
      ((b.charCodeAt(i) << 24) |
        (b.charCodeAt(i + 1) << 16) |
        (b.charCodeAt(i + 2) << 8) |
        b.charCodeAt(i + 3)) >>>
      0
    );
  }
}

/**
 * HMAC-SHA256(key, prefix + cursor) for cursor = 0, 1, 2…, as latin1 strings of the 32 digest bytes:
 * RFC 2104 on the one-shot `crypto.hash`, identical to `createHmac('sha256', key)` over the UTF-8 key
 * and message (the tests check it). Node's Hmac objects and Buffers cost far more in allocation and
 * garbage collection than the hashing itself, so the padded keys are kept as strings (remembered
 * for the last key, since a server seed serves many rounds) and every block is laid out in one
 * scratch buffer whose views are made once.
 */
function hmacBlocks(key: string, prefix: string): (cursor: number) => string {
  const [ipad, opad] = pads(key);
  if (Buffer.byteLength(prefix, 'utf8') + 16 > MESSAGE_ROOM) {
    // An unusually long client seed: the plain Hmac object, slower but unbounded.
    return (cursor) =>
      createHmac('sha256', Buffer.from(key, 'utf8'))
        .update(prefix + cursor)
        .digest('binary');
  }
  return (cursor) => {
    // The whole block is computed between these lines, with no await, so sharing SCRATCH is safe.
    SCRATCH.write(ipad, 0, 'latin1');
    const length = PAD + SCRATCH.write(prefix + cursor, PAD, 'utf8');
    let message = VIEWS[length];
    if (!message) message = VIEWS[length] = SCRATCH.subarray(0, length);
    SCRATCH.write(opad, OUTER, 'latin1');
    SCRATCH.write(hash('sha256', message, 'binary'), OUTER + PAD, 'latin1');
    return hash('sha256', OUTER_VIEW, 'binary');
  };
}

const PAD = 64;
const MESSAGE_ROOM = 1024;
const OUTER = PAD + MESSAGE_ROOM;
/** Scratch memory for one HMAC block: [key ⊕ ipad | message] then [key ⊕ opad | inner digest]. */
const SCRATCH = Buffer.alloc(OUTER + PAD + 32);
const OUTER_VIEW = SCRATCH.subarray(OUTER);
/** VIEWS[n]: the first n bytes of SCRATCH, made on first use. */
const VIEWS: Buffer[] = [];
/** The padded keys of the last key seen. */
let lastPads: { key: string; pads: [string, string] } | undefined;

function pads(key: string): [string, string] {
  if (lastPads?.key === key) return lastPads.pads;
  let k = Buffer.from(key, 'utf8');
  if (k.length > PAD) k = hash('sha256', k, 'buffer');
  let inner = '';
  let outer = '';
  for (let i = 0; i < PAD; i++) {
    const byte = k[i] ?? 0;
    inner += String.fromCharCode(byte ^ 0x36);
    outer += String.fromCharCode(byte ^ 0x5c);
  }
  lastPads = { key, pads: [inner, outer] };
  return lastPads.pads;
}

/**
 * `count` provably-fair integers in [0, max) of one round: the first `count` answers of
 * `createFairDraw(seeds).int(max)`.
 */
export function fairInts(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
  max: number,
): number[] {
  const draw = createFairDraw({ serverSeed, clientSeed, nonce });
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(draw.int(max));
  return out;
}

/**
 * A `Draw` on the platform CSPRNG. Words are read from a 4 KiB buffer filled by `randomFillSync`
 * and refilled when used up, which is far cheaper than one `randomInt` call per draw.
 */
export function createSecureDraw(): Draw {
  const words = new Uint32Array(1024);
  let at = words.length;
  return {
    int(max: number): number {
      const limit = rejectionLimit(max);
      for (;;) {
        if (at === words.length) {
          randomFillSync(words);
          at = 0;
        }
        const w = words[at++]!;
        if (w < limit) return w % max;
      }
    },
  };
}

/**
 * xoshiro128** (Blackman and Vigna), seeded through splitmix32 from a 32-bit seed. Fast and
 * repeatable, NOT cryptographic: for benchmarks and simulations only, never for real rounds.
 */
export function createFastDraw(seed: number): Draw {
  // splitmix32 spreads one seed over the four state words (and never leaves them all zero).
  let z = seed >>> 0;
  const mix = (): number => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z ^ (z >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  return {
    int(max: number): number {
      if (!(max >= 1)) throw new RangeError('max out of range');
      const limit = TWO_32 - (TWO_32 % max);
      for (;;) {
        const w = next();
        if (w < limit) return w % max;
      }
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
