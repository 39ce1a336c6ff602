import { beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_KINDS } from '@playhouse/contract/legal';
import type { App } from '../src/app.ts';
import { LEGAL_SEED } from '../src/modules/legal/legal-seed.ts';
import { staffHeaders } from './support/seamless.ts';
import { createStaff } from './support/staff.ts';
import { DIALECTS, createTestApp } from './support/test-app.ts';

/**
 * Legal and responsible-gambling documents (issue 26): seeded per language, read by anyone in the
 * asked language (else the default, then English), edited per document and language by staff who
 * may write content, HTML sanitised on save and on render, every save audited, each operator's own.
 */
describe.each(DIALECTS)('legal documents (%s)', (dialect) => {
  const ready = (async () => {
    const app = await createTestApp(dialect);
    const operator = await app.services.settings.defaultOperator();
    await app.services.legal.seedDefaults(operator.id, ['EN', 'AR', 'ES']);
    return { app, operatorId: operator.id };
  })();
  ready.catch(() => undefined);
  beforeAll(async () => {
    await ready;
  }, 120_000);

  const read = (app: App, kind: string, lang: string) =>
    app.inject({ method: 'GET', url: `/wps/system/legal/${kind}?lang=${lang}` });

  it('serves every seeded document in the asked language, translated, to anyone', async () => {
    const { app } = await ready;
    for (const kind of LEGAL_KINDS) {
      const en = (await read(app, kind, 'EN')).json().value;
      const ar = (await read(app, kind, 'AR')).json().value;
      const es = (await read(app, kind, 'ES')).json().value;
      expect(en).toMatchObject({ kind, language: 'EN', title: LEGAL_SEED.EN![kind].title });
      expect(ar).toMatchObject({ kind, language: 'AR', title: LEGAL_SEED.AR![kind].title });
      expect(es.language).toBe('ES');
      // Real translations, not English copies.
      expect(ar.content).not.toBe(en.content);
      expect(es.content).not.toBe(en.content);
      expect(en.content).toMatch(/^<p>/);
    }
    // The licence says honestly that the demo holds none.
    expect((await read(app, 'licence', 'EN')).json().value.content).toContain('no gambling licence');
    // Every language the demo operator supports has its own text.
    for (const language of Object.keys(LEGAL_SEED))
      expect((await read(app, 'age', language)).json().value.language).toBe(language);
    // A language the operator does not offer falls back (its default, then English).
    const kk = (await read(app, 'terms', 'KK')).json().value;
    expect(['EN', 'TY']).toContain(kk.language);
    expect((await read(app, 'nonsense', 'EN')).statusCode).toBe(400);
  });

  it('lets content staff edit one document in one language, sanitised and audited; others may not', async () => {
    const { app, operatorId } = await ready;
    const headers = await staffHeaders(app);
    const url = '/bo/api/legal/complaints/AR';
    const payload = {
      title: 'الشكاوى والنزاعات',
      content:
        '<p onclick="steal()">اكتب إلينا.<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"></p>',
    };
    expect((await app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    const finance = await createStaff(app, 'finance', headers);
    const refused = await app.inject({ method: 'PUT', url, headers: finance.headers, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ROLE_FORBIDDEN', permission: 'content.write' });
    const marketing = await createStaff(app, 'marketing', headers);

    const saved = await app.inject({ method: 'PUT', url, headers: marketing.headers, payload });
    expect(saved.statusCode).toBe(200);
    const doc = saved.json().value;
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:']) expect(doc.content).not.toContain(bad);
    expect(doc).toMatchObject({ kind: 'complaints', language: 'AR', title: 'الشكاوى والنزاعات' });
    expect(doc.content).toContain('اكتب إلينا.');

    // The player reads it; English is untouched.
    expect((await read(app, 'complaints', 'AR')).json().value.title).toBe('الشكاوى والنزاعات');
    expect((await read(app, 'complaints', 'EN')).json().value.title).toBe('Complaints');

    // A row written around the service is cleaned on the way out too.
    await app.services.db
      .updateTable('legal_documents')
      .set({
        content: '<p>Hi<script>alert(1)</script><iframe src="https://evil"></iframe></p>',
        updated_at: 1,
      })
      .where('operator_id', '=', operatorId)
      .where('kind', '=', 'complaints')
      .where('language', '=', 'AR')
      .execute();
    expect((await read(app, 'complaints', 'AR')).json().value.content).toBe('<p>Hi</p>');

    // A language not written yet is created by the first save; the editor reads exactly that language.
    const kkUrl = '/bo/api/legal/terms/KK';
    expect((await app.inject({ method: 'GET', url: kkUrl, headers })).statusCode).toBe(404);
    const kk = await app.inject({
      method: 'PUT',
      url: kkUrl,
      headers,
      payload: { title: 'Қызмет көрсету шарттары', content: '<p>Демо шарттар.</p>' },
    });
    expect(kk.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: kkUrl, headers })).json().value).toMatchObject({
      language: 'KK',
      title: 'Қызмет көрсету шарттары',
    });
    const index = (await app.inject({ method: 'GET', url: '/bo/api/legal', headers })).json().value;
    expect(index).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'terms', language: 'KK' })]),
    );
    expect(index).toHaveLength(LEGAL_KINDS.length * Object.keys(LEGAL_SEED).length + 1);
    // An empty document is refused.
    const empty = await app.inject({ method: 'PUT', url, headers, payload: { title: 'x', content: ' ' } });
    expect(empty.statusCode).toBe(400);

    const audit = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_id'])
      .where('operator_id', '=', operatorId)
      .where('action', 'like', 'legal.document.%')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'legal.document.updated',
          target: 'legal:complaints:AR',
          actor_id: String(marketing.id),
        }),
        expect.objectContaining({ action: 'legal.document.created', target: 'legal:terms:KK' }),
      ]),
    );
    // Seeding again leaves an operator's edited documents alone.
    expect(await app.services.legal.seedDefaults(operatorId, ['EN', 'AR'])).toBe(0);
  });

  it('keeps each operator to its own documents', async () => {
    const { app, operatorId } = await ready;
    const other = await app.services.db
      .insertInto('operators')
      .values({ code: `legal-${dialect}`, name: 'Other', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherId = Number(other.id);
    expect(await app.services.legal.seedDefaults(otherId, ['EN'])).toBe(LEGAL_KINDS.length);
    await app.services.legal.save(
      otherId,
      'terms',
      'EN',
      { title: 'Other terms', content: '<p>x</p>' },
      {
        id: 1,
        ip: '127.0.0.1',
      },
    );
    expect((await app.services.legal.read(operatorId, 'terms', ['EN'])).title).toBe('Terms of service');
    expect((await app.services.legal.read(otherId, 'terms', ['EN'])).title).toBe('Other terms');
  });
});
