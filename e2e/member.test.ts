import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptCredentials } from '../packages/contract/src/credential-encryption.ts';
import { api, patchSettings, staffToken } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Registration by API below answers no captcha; the test turns it off and back on.
  await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
});
afterAll(async () => {
  await patchSettings(await staffToken(), { register: { captcha: { enabled: true } } });
  await browser?.close();
});

const m = (key: string, params: Record<string, string> = {}) =>
  text('EN', 'member', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

async function phone(): Promise<Page> {
  const { page } = await newPhone(browser, { storage: { language: 'EN' } });
  return page;
}

async function encrypted(method: 'PUT' | 'POST', path: string, payload: unknown) {
  const { body: key } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const { header, body } = await encryptCredentials(key.value!.publicKey, payload);
  return api<{ token: string }>(method, path, { headers: { encryption: header, language: 'EN' }, body });
}

describe('passwords and the member centre', () => {
  it('shows a guest the welcome variant of the member centre', async () => {
    const page = await phone();
    await page.goto('/m/mine');
    await expect
      .poll(() => page.getByRole('heading', { name: m('mine.welcome', { site: 'Playhouse' }) }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: m('mine.login'), exact: true }).getAttribute('href')).toBe(
      '/m/login',
    );
    expect(await page.getByRole('link', { name: m('mine.fastRegister') }).getAttribute('href')).toBe(
      '/m/register',
    );
    expect(await page.getByRole('button', { name: m('mine.logout') }).count()).toBe(0);
    // Without a session the change-password screen sends the visitor home.
    await page.goto('/m/changePsw');
    await page.waitForURL('**/m/home');
    await page.context().close();
  });

  it('recovers a password by e-mail, changes it, and shows the member centre', async () => {
    const username = `reset${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const first = 'Harbour-light-42';
    const second = 'Quiet-meadow-77';
    const third = 'Silver-canyon-58';
    const registered = await encrypted('PUT', '/wps/member/register', {
      username,
      password: first,
      confirmPassword: first,
      email,
    });
    expect(registered.body.code ?? 'ok').toBe('ok');

    const page = await phone();
    await page.goto('/m/forget');
    // Phone recovery is the default while PSWPHONE3 is on; switch to e-mail.
    await page.getByRole('tab', { name: m('forget.byEmail') }).click();
    const retrieve = page.getByRole('button', { name: m('forget.retrieve') });
    expect(await retrieve.isDisabled()).toBe(true);
    await page.getByLabel(m('fields.username')).fill(username);
    await page.getByLabel(m('fields.email'), { exact: true }).fill('not-an-address');
    await page.getByLabel(m('fields.username')).focus();
    await expect.poll(() => page.getByText(m('validation.in_email_incorrect')).isVisible()).toBe(true);
    expect(await retrieve.isDisabled()).toBe(true);
    await page.getByLabel(m('fields.email'), { exact: true }).fill(email);
    await retrieve.click();
    await expect.poll(() => page.getByText(m('forget.emailSent')).isVisible()).toBe(true);

    // The operator's outbox holds the mail; its link finishes the reset.
    const token = await staffToken();
    let link: string | undefined;
    await expect
      .poll(async () => {
        const { body } = await api<{ list: { body: string }[] }>(
          'GET',
          `/bo/api/outbox?channel=email&recipient=${encodeURIComponent(email)}`,
          { token },
        );
        link = /https?:\/\/\S+\/m\/forget\?token=[\w-]{43}/.exec(body.value?.list[0]?.body ?? '')?.[0];
        return Boolean(link);
      })
      .toBe(true);
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel(m('fields.newPassword'), { exact: true }).fill(second);
    await page.getByLabel(m('fields.confirmNewPassword')).fill(second);
    await page.getByRole('button', { name: m('forget.submit') }).click();
    await page.waitForURL('**/m/home');
    await expect.poll(() => page.locator('.header-member').isVisible()).toBe(true);

    // Change it again from the member's own screen.
    await page.goto('/m/changePsw');
    await expect
      .poll(() => page.locator('.header-title').textContent())
      .toBe(text('EN', 'web', 'titles.changePsw'));
    expect(await page.getByLabel(m('fields.username')).inputValue()).toBe(username);
    await page.getByLabel(m('fields.oldPassword')).fill(second);
    await page.getByLabel(m('fields.newPassword'), { exact: true }).fill(second);
    await page.getByLabel(m('fields.confirmNewPassword')).fill(second);
    await page.getByRole('button', { name: m('change.submit') }).click();
    // Same as the old one: a prompt, and no call.
    await expect.poll(() => page.getByText(m('change.same_password')).isVisible()).toBe(true);
    await page.getByRole('button', { name: m('change.ok') }).click();
    await page.getByLabel(m('fields.newPassword'), { exact: true }).fill(third);
    await page.getByLabel(m('fields.confirmNewPassword')).fill(third);
    await page.getByRole('button', { name: m('change.submit') }).click();
    await expect.poll(() => page.getByText(m('change.saved'), { exact: true }).isVisible()).toBe(true);
    await page.waitForURL('**/m/home');

    const login = await encrypted('POST', '/wps/session/login', {
      type: 'username',
      username,
      password: third,
    });
    expect(login.status).toBe(200);
    const stale = await encrypted('POST', '/wps/session/login', {
      type: 'username',
      username,
      password: first,
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);

    // The member centre shows the member's name, balance and menus.
    await page.goto('/m/mine');
    await expect.poll(() => page.locator('.mc-hero-name').textContent()).toContain(username);
    await expect
      .poll(() => page.getByRole('link', { name: m('mine.menu.securityCenter') }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: m('mine.menu.securityCenter') }).click();
    await page.waitForURL('**/m/securityCenter');
    await expect.poll(() => page.getByText(m('security.thisDevice')).isVisible()).toBe(true);
    await page.context().close();
  });
});
