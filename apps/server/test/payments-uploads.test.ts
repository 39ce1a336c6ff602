import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@playhouse/contract/payments';
import { secondStaff, testImage, upload } from './support/payments.ts';
import { race } from './support/race.ts';
import { staffHeaders } from './support/seamless.ts';
import { DIALECTS, createTestApp, createTestMember } from './support/test-app.ts';

/**
 * Uploads and identity documents: images judged by their content and re-encoded, readable only by
 * their member and staff, and identity documents decided once by operators.
 */
describe.each(DIALECTS)('uploads and identity documents (%s)', (dialect) => {
  const ready = createTestApp(dialect);

  it('accepts png and jpeg by content, whatever the declared type, and re-encodes them', async () => {
    const app = await ready;
    const m = await createTestMember(app);
    const png = await upload(app, m.authorization, await testImage('png', 120, 80));
    expect(png.statusCode).toBe(200);
    expect(png.json().value.uploads[0]).toMatchObject({
      contentType: 'image/png',
      width: 120,
      height: 80,
      purpose: 'receipt',
    });
    // A jpeg declared as png (or as nothing in particular) is a jpeg.
    const jpeg = await upload(app, m.authorization, await testImage('jpeg'), {
      contentType: 'application/octet-stream',
    });
    expect(jpeg.json().value.uploads[0].contentType).toBe('image/jpeg');

    // Metadata (EXIF with a GPS position) and bytes hidden after the image do not survive.
    const withExif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-LOCATION-MARK' } })
      .toBuffer();
    expect(withExif.includes('SECRET-LOCATION-MARK')).toBe(true);
    const polyglot = Buffer.concat([await testImage('png'), Buffer.from('<script>alert(1)</script>')]);
    for (const body of [withExif, polyglot]) {
      const res = await upload(app, m.authorization, body, { contentType: 'image/jpeg' });
      expect(res.statusCode).toBe(200);
      const served = await app.inject({
        method: 'GET',
        url: `/wps/uploads/${res.json().value.uploads[0].uploadId}`,
        headers: { authorization: m.authorization },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.includes('SECRET-LOCATION-MARK')).toBe(false);
      expect(served.rawPayload.includes('<script>')).toBe(false);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('no-store');
      expect(String(served.headers['content-type'])).toMatch(/^image\/(png|jpeg)$/);
    }
  });

  it('refuses what is not a png or jpeg, broken images and files over 5 MB', async () => {
    const app = await ready;
    const m = await createTestMember(app);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const truncated = (await testImage('png', 200, 200)).subarray(0, 60);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const body of [gif, html, truncated, svg]) {
      const res = await upload(app, m.authorization, body, { contentType: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UPLOAD_INVALID');
    }
    const tooBig = Buffer.concat([await testImage('png'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const big = await upload(app, m.authorization, tooBig);
    expect(big.statusCode).toBe(413);
    const text = await app.inject({
      method: 'POST',
      url: '/wps/uploads?purpose=receipt',
      headers: { authorization: m.authorization, 'content-type': 'text/html' },
      payload: html,
    });
    expect(text.statusCode).toBe(415);
    const guest = await upload(app, '', await testImage());
    expect(guest.statusCode).toBe(401);
  });

  it('serves an upload to its member and staff only', async () => {
    const app = await ready;
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const id = (await upload(app, a.authorization, await testImage())).json().value.uploads[0].uploadId;
    const get = (authorization: string, url = `/wps/uploads/${id}`) =>
      app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    expect((await get(a.authorization)).statusCode).toBe(200);
    expect((await get(b.authorization)).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(401);
    expect((await get(b.authorization, `/bo/api/uploads/${id}`)).statusCode).toBe(401);
    expect((await get((await staffHeaders(app)).authorization, `/bo/api/uploads/${id}`)).statusCode).toBe(
      200,
    );
  });

  it('takes identity documents for review and lets operators decide once', async () => {
    const app = await ready;
    const a = await createTestMember(app);
    const b = await createTestMember(app);
    const page = async (who = a, purpose: 'identity' | 'receipt' = 'identity') =>
      (await upload(app, who.authorization, await testImage(), { purpose })).json().value.uploads[0]
        .uploadId as string;
    const submit = (who: typeof a, uploadIds: string[]) =>
      app.inject({
        method: 'POST',
        url: '/wps/member/identity',
        headers: { authorization: who.authorization },
        payload: { kind: 'PASSPORT', uploadIds },
      });
    expect((await submit(a, [await page(), await page(), await page(), await page()])).statusCode).toBe(400);
    expect((await submit(a, [await page(b)])).statusCode).toBe(404);
    expect((await submit(a, [await page(a, 'receipt')])).statusCode).toBe(404);
    const front = await page();
    const sent = await submit(a, [front, await page()]);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value.status).toBe('UNDER_REVIEW');
    expect((await submit(a, [await page()])).json().code).toBe('IDENTITY_ALREADY_SUBMITTED');
    const other = await app.inject({
      method: 'GET',
      url: '/wps/member/identity',
      headers: { authorization: b.authorization },
    });
    expect(other.json().value).toEqual({ status: 'NONE', documents: [] });

    const desks = [await staffHeaders(app), await secondStaff(app)];
    const queue = await app.inject({
      method: 'GET',
      url: '/bo/api/identity-documents?status=UNDER_REVIEW',
      headers: desks[0]!,
    });
    const doc = queue.json().value.list.find((d: { memberId: number }) => d.memberId === a.id);
    expect(doc.uploadIds).toContain(front);
    const rejected = await app.inject({
      method: 'POST',
      url: `/bo/api/identity-documents/${doc.documentId}/reject`,
      headers: desks[0]!,
      payload: { reason: 'The photo is blurred' },
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', duplicate: false });
    const mine = await app.inject({
      method: 'GET',
      url: '/wps/member/identity',
      headers: { authorization: a.authorization },
    });
    expect(mine.json().value.documents[0]).toMatchObject({
      status: 'REJECTED',
      reason: 'The photo is blurred',
    });

    // A new document; two operators decide it at the same time, one way only.
    const again = await submit(a, [await page()]);
    expect(again.json().value.status).toBe('UNDER_REVIEW');
    const id = again.json().value.documents[0].documentId;
    const outcomes = await race(6, (i) =>
      app.inject({
        method: 'POST',
        url: `/bo/api/identity-documents/${id}/${i % 2 ? 'reject' : 'approve'}`,
        headers: desks[i % 2]!,
        payload: i % 2 ? { reason: 'no' } : {},
      }),
    );
    const final = (
      await app.inject({
        method: 'GET',
        url: '/wps/member/identity',
        headers: { authorization: a.authorization },
      })
    ).json().value;
    const winners = outcomes.filter(
      (o) => o.ok && o.value.statusCode === 200 && o.value.json().value.duplicate === false,
    );
    expect(winners).toHaveLength(1);
    for (const o of outcomes) {
      if (!o.ok) throw o.error;
      if (o.value.statusCode !== 200) expect(o.value.json().code).toBe('ALREADY_DECIDED');
    }
    expect(['VERIFIED', 'REJECTED']).toContain(final.documents[0].status);
    const audit = await app.services.audit.list((await app.services.settings.defaultOperator()).id, {
      pageNo: 1,
      pageSize: 100,
    });
    expect(audit.list.filter((e) => e.target === `identity:${id}` && e.actorType === 'staff')).toHaveLength(
      1,
    );
  });
});
