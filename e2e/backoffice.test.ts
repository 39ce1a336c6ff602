import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { baseUrl } from './support/workers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bo = (key: string) => text('EN', 'bo', key);

async function console(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  return context.newPage();
}

async function signIn(page: Page, password = inject('adminPassword')) {
  await page.goto('/bo/');
  await page.getByLabel(bo('login.username')).fill('admin');
  await page.getByLabel(bo('login.password')).fill(password);
  await page.getByRole('button', { name: bo('login.submit') }).click();
}

async function siteStatus(): Promise<number> {
  const { body } = await api<{ status: number }>('GET', '/wps/system/status');
  return body.value!.status;
}

describe('back office', () => {
  it('refuses a wrong password with the server message', async () => {
    const page = await console();
    await signIn(page, 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(text('EN', 'common', 'errors.INVALID_CREDENTIALS'));
    await page.context().close();
  });

  it('turns maintenance on and off from the settings editor, audited', async () => {
    const page = await console();
    await signIn(page);
    const maintenance = page.getByLabel(bo('settings.status.maintenance'));
    await maintenance.waitFor();
    await maintenance.check();
    await page.getByRole('button', { name: bo('settings.save') }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(bo('settings.saved'));
    expect(await siteStatus()).toBe(1);

    await maintenance.uncheck();
    await page.getByRole('button', { name: bo('settings.save') }).click();
    await expect.poll(siteStatus).toBe(0);

    await page.getByRole('link', { name: bo('nav.audit') }).click();
    await expect
      .poll(() => page.locator('table').textContent())
      .toContain(bo('audit.actions.settings_update'));
    await page.context().close();
  });

  it('shows field errors for invalid values and saves nothing', async () => {
    const page = await console();
    await signIn(page);
    const ranges = page.getByLabel(bo('settings.status.blockedIpRanges'));
    await ranges.fill('300.1.2.3/8');
    await page.getByLabel('username Min length').fill('30');
    await page.getByLabel('username Max length').fill('10');
    await page.getByRole('button', { name: bo('settings.save') }).click();
    await expect.poll(() => page.locator('.field-error').count()).toBeGreaterThanOrEqual(2);
    const token = (
      await api<{ token: string }>('POST', '/bo/api/session', {
        body: { username: 'admin', password: inject('adminPassword') },
      })
    ).body.value!.token;
    const { body } = await api<{ settings: { status: { blockedIpRanges: string[] } } }>(
      'GET',
      '/bo/api/settings',
      {
        token,
      },
    );
    expect(body.value!.settings.status.blockedIpRanges).not.toContain('300.1.2.3/8');
    await page.context().close();
  });

  it('lists outgoing messages in the outbox', async () => {
    const page = await console();
    await signIn(page);
    await page.getByRole('link', { name: bo('nav.outbox') }).click();
    await expect.poll(() => page.getByRole('heading', { name: bo('outbox.title') }).isVisible()).toBe(true);
    await expect(page.locator('table thead').textContent()).resolves.toContain(bo('outbox.recipient'));
    await page.context().close();
  });
});
