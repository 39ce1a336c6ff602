import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../apps/server/test/support/oidc-test-provider.ts';
import { api, patchSettings, staffToken } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

const BOT_TOKEN = '7000000002:AAHe2eBotTokenValue_0123456789abcdef';
let browser: Browser;
let provider: TestProvider;

async function configure(name: string, body: Record<string, unknown>) {
  const { status, body: res } = await api('PUT', `/bo/api/social/${name}`, {
    token: await staffToken(),
    body,
  });
  if (status !== 200) throw new Error(`social ${name}: ${JSON.stringify(res)}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startTestProvider();
  await patchSettings(await staffToken(), {
    whitelabel: { GOOGLELOGIN3: true, FACEBOOKLOGIN3: true, TELEGRAMLOGIN3: true },
  });
  await configure('google', {
    enabled: true,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    issuer: provider.issuer,
  });
  await configure('telegram', { enabled: true, botToken: BOT_TOKEN });
});
afterAll(async () => {
  await configure('google', { enabled: false });
  await configure('telegram', { enabled: false });
  await patchSettings(await staffToken(), {
    whitelabel: { GOOGLELOGIN3: false, FACEBOOKLOGIN3: false, TELEGRAMLOGIN3: false },
  });
  await provider?.close();
  await browser?.close();
});

describe('social sign-in', () => {
  it('shows only configured providers and signs in with Google through the OpenID provider', async () => {
    const { page, context } = await newPhone(browser, { storage: { language: 'EN' } });
    await page.goto('/m/login');
    const social = page.locator('.auth-social');
    const google = social.getByRole('link', { name: text('EN', 'auth', 'social.google') });
    await google.waitFor();
    await expect
      .poll(() => social.getByRole('link', { name: text('EN', 'auth', 'social.telegram') }).isVisible())
      .toBe(true);
    // Facebook's flag is on but it is not configured: no button.
    expect(await social.getByRole('link', { name: text('EN', 'auth', 'social.facebook') }).count()).toBe(0);
    if (process.env.SOCIAL_SCREENSHOT)
      await page.screenshot({ path: process.env.SOCIAL_SCREENSHOT, fullPage: true });

    provider.subject = `e2e-${Date.now()}`;
    await google.click();
    await page.waitForURL('**/m/home');
    // The provider's display name becomes the nickname the header shows; the account gets its own name.
    await expect
      .poll(() => page.locator('.header-member .member-name').textContent())
      .toContain(`Name of ${provider.subject}`);
    const session = await page.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO') ?? '');
    expect(JSON.parse(session)).toMatchObject({ type: 0, userName: expect.stringMatching(/^gg\d{9}$/) });
    await context.close();
  });

  it('tells the player why a refused sign-in failed', async () => {
    const { page, context } = await newPhone(browser, { storage: { language: 'EN' } });
    await page.goto('/m/login?oauthError=LOGIN_CODE_INVALID');
    await expect
      .poll(() => page.getByText(text('EN', 'common', 'errors.LOGIN_CODE_INVALID')).isVisible())
      .toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});
