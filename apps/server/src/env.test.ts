import { describe, expect, it } from 'vitest';
import { parseEnv, redisPrefix } from './env.ts';

describe('redisPrefix', () => {
  it('keeps deployments that share a Redis apart: by schema when none is given, else as configured', () => {
    expect(redisPrefix(parseEnv({}))).toBe('playhouse:');
    expect(redisPrefix(parseEnv({ DATABASE_SCHEMA: 'brand_a' }))).toBe('playhouse:brand_a:');
    expect(redisPrefix(parseEnv({ DATABASE_SCHEMA: 'brand_a', REDIS_PREFIX: 'pa:' }))).toBe('pa:');
  });

  it('refuses a prefix with spaces or wildcards', () => {
    expect(() => parseEnv({ REDIS_PREFIX: 'a b' })).toThrow();
    expect(() => parseEnv({ REDIS_PREFIX: 'live:*' })).toThrow();
  });
});
