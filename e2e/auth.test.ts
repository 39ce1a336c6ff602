import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, patchSettings, staffToken } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

let browser: Browser;
let savedLanguages: unknown;
const PASSWORD = 'Harbour7Tangerine';
const auth = (key: string) => text('EN', 'auth', key);
const web = (key: string) => text('EN', 'web', key);

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await staffToken();
  const { body } = await api<{ settings: { languages: unknown } }>('GET', '/bo/api/settings', { token });
  savedLanguages = body.value!.settings.languages;
  await patchSettings(token, { languages: { supported: ['EN', 'TY'], default: 'EN' } });
});
afterAll(async () => {
  // Later files read the site in other languages: leave the operator's languages as they were.
  await patchSettings(await staffToken(), {
    register: { captcha: { enabled: true } },
    languages: savedLanguages,
  });
  await browser?.close();
});

async function phone(): Promise<Page> {
  const { page } = await newPhone(browser, { locale: 'en-US', storage: { language: 'EN' } });
  return page;
}

const uniqueName = () => `e2e${Date.now().toString(36)}`;
// The name itself (the VIP label beside it is its own element).
const memberName = (page: Page) => page.locator('.header-member .member-name-text');

async function logOut(page: Page) {
  // The operator's welcome popups come up over home some time after sign-up: whenever one covers
  // the page before an action, it is closed first.
  await page.addLocatorHandler(page.locator('.login-popup'), async () => {
    await page.keyboard.press('Escape');
  });
  await page.getByRole('button', { name: web('header.openMenu'), exact: true }).click();
  await page
    .locator('.side-menu')
    .getByRole('button', { name: web('menu.logout') })
    .click();
  await page
    .getByRole('dialog', { name: web('logout.title') })
    .getByRole('button', { name: web('actions.confirm') })
    .click();
  await page.waitForURL('**/m/home');
  await expect
    .poll(() =>
      page
        .locator('.header-actions')
        .getByRole('link', { name: web('header.login') })
        .isVisible(),
    )
    .toBe(true);
}

describe('sign-up and sign-in', () => {
  it('registers by username, logs out and logs back in', async () => {
    await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
    const page = await phone();
    const username = uniqueName();
    await page.goto('/m/register');
    await page.getByRole('tab', { name: auth('tabs.username') }).click();
    // Consent is given actively: the box starts unticked, and submitting without it says why.
    const submit = page.getByRole('button', { name: auth('register.submit'), exact: true });
    const consent = page.getByRole('checkbox', {
      name: auth('register.disclaimer').replace('{{age}}', '18'),
    });
    expect(await consent.isChecked()).toBe(false);
    expect(await submit.isDisabled()).toBe(false);

    // The password's rule shows before typing, and stays in view while the password does not meet it.
    const rule = auth('register.passwordRule').replace('{{min}}', '8').replace('{{max}}', '32');
    await expect.poll(() => page.locator('#password-rule').textContent()).toBe(rule);
    await page.getByLabel(auth('fields.username'), { exact: true }).fill(username);
    await page.getByLabel(auth('fields.password'), { exact: true }).fill('short');
    await expect.poll(() => page.locator('#password-error').textContent()).toBe(rule);
    await page.getByLabel(auth('fields.password'), { exact: true }).fill(PASSWORD);
    await expect.poll(() => page.locator('#password-rule').textContent()).toBe(rule);

    // A confirmation that differs says so, whatever its format ("short" is not the password's).
    await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill('short');
    await expect
      .poll(() => page.locator('#confirmPassword-error').textContent())
      .toBe(text('EN', 'common', 'validation.passwordMismatch'));
    await submit.click();
    await expect
      .poll(() => page.locator('.auth-disclaimer .auth-error').textContent())
      .toBe(auth('register.disclaimerError'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmPassword');
    await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(PASSWORD);
    await consent.check();
    await submit.click();

    // The member is signed in at once, and the message says so.
    await expect.poll(() => page.locator('.toast-success').textContent()).toBe(auth('register.signedIn'));
    await page.waitForURL('**/m/home');
    await expect.poll(() => memberName(page).textContent()).toBe(username);
    const stored = await page.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO'));
    expect(JSON.parse(stored!)).toMatchObject({ userName: username, type: 0 });

    await logOut(page);
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('MC_SESSION_INFO'),
        localStorage.getItem('autoLogin'),
      ]),
    ).toEqual([null, '0']);

    await page.goto('/m/login');
    await page.getByLabel(auth('fields.username'), { exact: true }).fill(username);
    await page.getByLabel(auth('fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: auth('login.remember') }).check();
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page.waitForURL('**/m/home');
    await expect.poll(() => memberName(page).textContent()).toBe(username);
    // Remember me keeps the username and a long-lived session, never the password.
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).toContain(username);
    expect(kept).not.toContain(PASSWORD);
    await page.context().close();
  });

  it('shows a captcha at once after a failed login, keeping what the member typed', async () => {
    const page = await phone();
    const name = uniqueName();
    await page.goto('/m/login');
    await page.getByLabel(auth('fields.username'), { exact: true }).fill(name);
    await page.getByLabel(auth('fields.password'), { exact: true }).fill('Wrong-password-9');
    expect(await page.getByRole('img', { name: auth('captcha.alt') }).count()).toBe(0);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    const captcha = page.getByRole('img', { name: auth('captcha.alt') });
    await captcha.waitFor();
    expect(await captcha.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => page.locator('.toast-error').textContent())
      .toBe(text('EN', 'common', 'errors.INVALID_CREDENTIALS'));
    expect(await page.getByLabel(auth('fields.username'), { exact: true }).inputValue()).toBe(name);
    // The next field the member needs has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.context().close();
  });

  it('opens a trial account, whose member centre asks to register', async () => {
    const page = await phone();
    await page.goto('/m/login');
    await page.getByRole('button', { name: auth('login.trial'), exact: true }).click();
    await page.waitForURL('**/m/home');
    await expect.poll(() => memberName(page).textContent()).toMatch(/^trial\d+$/);
    await page.goto('/m/mine');
    const prompt = page.getByRole('dialog', { name: auth('roles.registerNow') });
    await expect.poll(() => prompt.textContent()).toContain(auth('roles.freeReject'));
    await prompt.getByRole('button', { name: auth('roles.registerNow') }).click();
    await page.waitForURL('**/m/register');
    await page.context().close();
  });

  it('registers by mobile number with the SMS code from the outbox', async () => {
    await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
    const page = await phone();
    const mobile = `917${String(Date.now()).slice(-7)}`;
    await page.goto('/m/register');
    await page.getByRole('tab', { name: auth('tabs.mobile') }).click();
    await page.getByLabel(auth('fields.mobileNum'), { exact: true }).fill(mobile);
    await page.getByRole('button', { name: auth('sms.send') }).click();
    // The link turns into a countdown.
    await expect.poll(() => page.locator('.sms-send').textContent()).toMatch(/^\d+ s$/);

    const token = await staffToken();
    const { body } = await api<{ list: { body: string }[] }>(
      'GET',
      `/bo/api/outbox?channel=sms&recipient=${encodeURIComponent(`+63${mobile}`)}`,
      { token },
    );
    const code = /\b(\d{6})\b/.exec(body.value!.list[0]!.body)![1]!;
    await page.getByLabel(auth('fields.verificationCode'), { exact: true }).fill(code);
    await page.getByLabel(auth('fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(PASSWORD);
    // Consent is given actively: the box starts unticked.
    await page.getByRole('checkbox', { name: auth('register.disclaimer').replace('{{age}}', '18') }).check();
    await page.getByRole('button', { name: auth('register.submit'), exact: true }).click();
    await page.waitForURL('**/m/home');
    await expect.poll(() => memberName(page).isVisible()).toBe(true);
    await page.context().close();
  });
});
