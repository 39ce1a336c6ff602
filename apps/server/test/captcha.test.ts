import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS } from './support/test-app.ts';

/** Reads width, height and raw scanlines of an RGB PNG, checking its structure on the way. */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) };
}

describe.each(DIALECTS)('captcha on %s', (dialect) => {
  it('serves a readable-size PNG with a key and never the answer', async () => {
    const app = await createTestApp(dialect);
    const res = await app.inject({ url: '/wps/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(Object.keys(v).sort()).toEqual(['captchaKey', 'expiresAt', 'image', 'length']);
    expect(v.captchaKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(v.expiresAt).toBeGreaterThan(Date.now());
    const png = Buffer.from(v.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { width, height, raw } = decodePng(png);
    expect([width, height]).toEqual([180, 56]);
    expect(raw.length).toBe((width * 3 + 1) * height);
    // Not blank: plenty of distinct colours from glyphs, noise and background.
    const colours = new Set<number>();
    for (let i = 0; i < raw.length - 3; i += 3) colours.add(raw.readUIntBE(i, 3));
    expect(colours.size).toBeGreaterThan(100);
    // The stored answer is hashed, not the digits.
    const row = await app.services.db
      .selectFrom('captcha_challenges')
      .selectAll()
      .where('challenge_key', '=', v.captchaKey)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers once only, rightly or wrongly, and not after it expires', async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    const { captcha } = app.services;
    const a = await captcha.issue(operator.id);
    expect(a.code).toMatch(/^\d{6}$/);
    expect(await captcha.consume(operator.id, { captchaKey: a.captchaKey, captcha: a.code })).toBe(true);
    expect(await captcha.consume(operator.id, { captchaKey: a.captchaKey, captcha: a.code })).toBe(false);

    const b = await captcha.issue(operator.id);
    const wrong = b.code === '000000' ? '000001' : '000000';
    expect(await captcha.consume(operator.id, { captchaKey: b.captchaKey, captcha: wrong })).toBe(false);
    expect(await captcha.consume(operator.id, { captchaKey: b.captchaKey, captcha: b.code })).toBe(false);

    const c = await captcha.issue(operator.id);
    await app.services.db
      .updateTable('captcha_challenges')
      .set({ expires_at: Date.now() - 1 })
      .where('challenge_key', '=', c.captchaKey)
      .execute();
    expect(await captcha.consume(operator.id, { captchaKey: c.captchaKey, captcha: c.code })).toBe(false);
    expect(await captcha.consume(operator.id, { captchaKey: 'x'.repeat(24), captcha: '123456' })).toBe(false);
    expect(await captcha.consume(operator.id, {})).toBe(false);
  });

  it('draws each challenge differently', async () => {
    const app = await createTestApp(dialect);
    const images = new Set<string>();
    for (let i = 0; i < 3; i++) images.add((await app.inject({ url: '/wps/captcha' })).json().value.image);
    expect(images.size).toBe(3);
  });
});
