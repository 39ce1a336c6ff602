import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { apiCaller, staffHeaders } from './support/screenshot-api.ts';

/**
 * The demo vendor's game at phone size (390×844): a funded member opens a JILI tile from the lobby
 * and lands on the reference provider's DEMO page, before and after a spin; and the page in Arabic
 * (right to left). Usage: npm run screenshots:demo -w @playhouse/e2e (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const staff = await staffHeaders(call, PASSWORD);
  await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
  const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const userName = 'maria2026';
  const sealed = await encryptCredentials(publicKey, {
    username: userName,
    password: 'Member-pass-2026',
    confirmPassword: 'Member-pass-2026',
  });
  const member = await call<{ token: string; type: number }>('PUT', '/wps/member/register', sealed.body, {
    encryption: sealed.header,
  });
  await call(
    'POST',
    '/bo/api/wallet/adjustments',
    { userName, amount: '250.00', reason: 'Welcome credit' },
    staff,
  );

  for (const language of ['EN', 'AR']) {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await context.addInitScript(
      ({ session, lang }) => {
        localStorage.setItem('MC_SESSION_INFO', session);
        localStorage.setItem('language', lang);
      },
      {
        session: JSON.stringify({ token: member.token, userName, type: member.type }),
        lang: language,
      },
    );
    const page = await context.newPage();
    await page.goto('/m/provider?vassalage=JILI');
    await page.locator('[data-section="list"] .game-tile:not(.skeleton-tile) .game-art').first().click();
    await page.waitForURL((url) => url.pathname === '/demo/game');
    await page.locator('[data-demo-badge]').waitFor();
    const suffix = language === 'EN' ? '' : `-${language.toLowerCase()}`;
    await page.screenshot({ path: path.join(out, `demo-game${suffix}.png`) });
    console.info(`docs/screenshots/demo-game${suffix}.png`);
    if (language === 'EN') {
      await page.locator('[data-spin]').click();
      await page.waitForFunction(() => document.querySelector('[data-balance]')?.textContent !== '250.00');
      await page.waitForTimeout(300);
      await page.locator('details').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await page.screenshot({ path: path.join(out, 'demo-game-spun.png'), fullPage: true });
      console.info('docs/screenshots/demo-game-spun.png');
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
