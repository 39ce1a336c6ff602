import { describe, expect, it } from 'vitest';

describe('csp-safe-zod', () => {
  it('makes zod jitless before zod is loaded, without importing it', async () => {
    await import('./csp-safe-zod.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
