import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const FIELD = 'site.mobileTemplate.app_desc_font_color';

describe.each(DIALECTS)('operator colours are checked for contrast when saved (%s)', (dialect) => {
  let app: App;
  let staff: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp(dialect);
    staff = await staffAuth(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const save = (colour: string, language = 'EN') =>
    app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: { ...staff, language },
      payload: { site: { mobileTemplate: { app_desc_font_color: colour } } },
    });

  it('refuses a text colour players could not read, naming the failing pair in their language', async () => {
    const res = await save('#2a2f55');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const [message] = body.fields[FIELD] as string[];
    expect(message).toContain('#2a2f55');
    expect(message).toContain('#1e2340');
    expect(message).toMatch(/1\.\d+:1/);
    expect(message).toContain('4.5:1');

    const spanish = (await save('#2a2f55', 'ES')).json().fields[FIELD][0] as string;
    expect(spanish).toContain('#2a2f55');
    expect(spanish).not.toBe(message);

    // Nothing was stored.
    const now = (await app.inject({ url: '/bo/api/settings', headers: staff })).json().value.settings;
    expect(now.site.mobileTemplate.app_desc_font_color).toBe('#ffffff');
  });

  it('saves a readable colour, and other changes are not held up by the stored one', async () => {
    expect((await save('#ffd166')).statusCode).toBe(200);
    const other = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { site: { name: 'Playhouse Two' } },
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
