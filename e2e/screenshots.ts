import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { encryptCredentials } from '../packages/contract/src/credential-encryption.ts';
import { text } from './support/catalogue.ts';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { apiCaller } from './support/screenshot-api.ts';

/**
 * Captures the README's phone-size screenshots (390×844) from a freshly started server with demo data.
 * Usage: npm run screenshots (after npm run build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
// `npm run screenshots -- header-balance account-record` retakes only the pictures named.
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);

const server = await startServer('screenshot-admin-password');
const browser = await launchBrowser();
try {
  const shoot = async (
    name: string,
    route: string,
    options: {
      language?: string;
      storage?: Record<string, string>;
      before?: (page: Page) => Promise<void>;
    } = {},
  ) => {
    if (!wanted(name)) return;
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    if (options.language) {
      await context.addInitScript((code) => localStorage.setItem('language', code), options.language);
    }
    if (options.storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, options.storage);
    }
    const page = await context.newPage();
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await options.before?.(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.info(`docs/screenshots/${name}.png`);
    await context.close();
  };
  const openMenu = async (page: Page) => {
    await page.locator('.header-bar .icon-btn').first().click();
    await page.locator('.side-menu').waitFor();
  };
  await shoot('home', '/m/home');
  await shoot('side-menu', '/m/home', { before: openMenu });
  await shoot('home-ar', '/m/home', { language: 'AR' });
  await shoot('side-menu-ar', '/m/home', { language: 'AR', before: openMenu });
  await shoot('home-ty', '/m/home', { language: 'TY' });
  // The lobby: home further down, a provider's list and a search.
  await shoot('lobby-home-more', '/m/home', {
    before: async (page) => {
      await page.locator('[data-section="bingo"]').scrollIntoViewIfNeeded();
      await page.locator('[data-section="bingo"] .game-tile').first().waitFor();
    },
  });
  await shoot('lobby-provider', '/m/provider?vassalage=JILI', {
    before: (page) => page.locator('[data-section="list"] .game-name').first().waitFor(),
  });
  await shoot('lobby-search', '/m/search-games', {
    before: async (page) => {
      await page.getByRole('searchbox').fill('amber');
      await page.locator('[data-section="list"] .game-name').first().waitFor();
      await page.waitForTimeout(700);
    },
  });
  const openFirstNotice = async (page: Page) => {
    await page.locator('.notice-head').first().click();
    await page.locator('.notice-body').first().waitFor();
  };
  await shoot('lobby-notices', '/m/notice', { before: openFirstNotice });
  await shoot('lobby-notices-ar', '/m/notice', { language: 'AR', before: openFirstNotice });

  // A member with a seven-digit balance, a long name and a few movements: the header's balance and
  // the account record (adjustments through the back office, bets and wins as a signed provider).
  if (wanted('header-balance') || wanted('account-record') || wanted('account-record-ar')) {
    const call = apiCaller(server.baseUrl);
    const session = await call<{ token: string }>('POST', '/bo/api/session', {
      username: 'admin',
      password: 'screenshot-admin-password',
    });
    const staff = { authorization: `Bearer ${session.token}` };
    await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
    const password = 'Screenshot-pass-2026';
    const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
    const sealed = await encryptCredentials(publicKey, {
      username: 'maxalexander',
      password,
      confirmPassword: password,
    });
    const member = await call<{ token: string; userName: string; type: number }>(
      'PUT',
      '/wps/member/register',
      sealed.body,
      { encryption: sealed.header },
    );
    const bearer = { authorization: `Bearer ${member.token}` };
    await call('PUT', '/wps/member/info/nickname', { nickname: 'Maximiliano Alexandersson' }, bearer);
    const secret = randomBytes(24).toString('hex');
    await call('PUT', '/bo/api/vendors/JILI', { enabled: true, walletMode: 'seamless', secret }, staff);
    const adjust = (amount: string, reason: string) =>
      call('POST', '/bo/api/wallet/adjustments', { userName: member.userName, amount, reason }, staff);
    const provider = (action: string, body: Record<string, string>) => {
      const raw = JSON.stringify({ userName: member.userName, gameCode: 'JILI-SLOT-001', ...body });
      return call('POST', `/wps/provider/wallet/${action}`, raw, {
        'x-vendor': 'JILI',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      });
    };
    await adjust('1250000.00', 'Welcome credit');
    await provider('bet', { transactionId: 'T-1001', roundId: 'JILI-R-1001', amount: '500.00' });
    await provider('win', { transactionId: 'T-1002', roundId: 'JILI-R-1001', amount: '1820.50' });
    await provider('bet', { transactionId: 'T-1003', roundId: 'JILI-R-1002', amount: '250.00' });
    await provider('bet', { transactionId: 'T-1004', roundId: 'JILI-R-1003', amount: '120.00' });
    await provider('rollback', {
      transactionId: 'T-1005',
      roundId: 'JILI-R-1003',
      amount: '120.00',
      refTransactionId: 'T-1004',
    });
    await adjust('-75.00', 'Correction');
    const storage = {
      MC_SESSION_INFO: JSON.stringify({ token: member.token, userName: member.userName, type: member.type }),
    };
    const closePopups = async (page: Page) => {
      const popup = page.getByRole('dialog');
      await popup.waitFor();
      await popup.getByRole('button', { name: text('EN', 'lobby', 'popups.close'), exact: true }).click();
      await popup.waitFor({ state: 'detached' });
      await page.locator('.header-member .balance-amount:not([data-masked])').waitFor();
    };
    const recordReady = (page: Page) => page.locator('.rec-row').first().waitFor();
    await shoot('header-balance', '/m/home', { language: 'EN', storage, before: closePopups });
    await shoot('account-record', '/m/transaction/record', { language: 'EN', storage, before: recordReady });
    await shoot('account-record-ar', '/m/transaction/record', {
      language: 'AR',
      storage,
      before: recordReady,
    });
  }

  // Responsible gambling: a member with loss limits, a raise waiting its 24 hours and some play.
  if (wanted('rg-limits') || wanted('rg-limits-ar')) {
    const call = apiCaller(server.baseUrl);
    const { token } = await call<{ token: string }>('POST', '/bo/api/session', {
      username: 'admin',
      password: 'screenshot-admin-password',
    });
    const staff = { authorization: `Bearer ${token}` };
    await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
    const password = 'Screenshot-pass-2026';
    const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
    const sealed = await encryptCredentials(publicKey, {
      username: 'mariasantos',
      password,
      confirmPassword: password,
    });
    const member = await call<{ token: string; userName: string; type: number }>(
      'PUT',
      '/wps/member/register',
      sealed.body,
      { encryption: sealed.header },
    );
    const bearer = { authorization: `Bearer ${member.token}` };
    await call(
      'POST',
      '/bo/api/wallet/adjustments',
      { userName: member.userName, amount: '500.00', reason: 'Welcome credit' },
      staff,
    );
    await call(
      'PUT',
      '/wps/member/limits',
      {
        loss: { day: '50.00', week: '200.00', month: '500.00' },
        wager: { day: '300.00' },
        realityCheckMinutes: 30,
      },
      bearer,
    );
    await call('PUT', '/wps/member/limits', { loss: { month: '800.00' } }, bearer);
    const secret = randomBytes(24).toString('hex');
    await call('PUT', '/bo/api/vendors/MYN', { enabled: true, walletMode: 'seamless', secret }, staff);
    const provider = (action: string, body: Record<string, string>) => {
      const raw = JSON.stringify({ userName: member.userName, gameCode: 'MYN-SLOT-001', ...body });
      return call('POST', `/wps/provider/wallet/${action}`, raw, {
        'x-vendor': 'MYN',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      });
    };
    await provider('bet', { transactionId: 'M-2001', roundId: 'MYN-R-2001', amount: '40.00' });
    await provider('win', { transactionId: 'M-2002', roundId: 'MYN-R-2001', amount: '12.50' });
    const storage = {
      MC_SESSION_INFO: JSON.stringify({ token: member.token, userName: member.userName, type: member.type }),
    };
    // The loss tab: the second tab, whatever the language.
    const lossTab = (page: Page) => page.locator('.rg-tabs [role=tab]').nth(1).click();
    await shoot('rg-limits', '/m/responsibleGambling', { language: 'EN', storage, before: lossTab });
    await shoot('rg-limits-ar', '/m/responsibleGambling', { language: 'AR', storage, before: lossTab });
  }

  if (wanted('bo-login') || wanted('bo-settings')) {
    const desk = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const bo = await desk.newPage();
    await bo.goto('/bo/');
    await bo.locator('input[name=username]').waitFor();
    await bo.screenshot({ path: path.join(out, 'bo-login.png') });
    await bo.fill('input[name=username]', 'admin');
    await bo.fill('input[name=password]', 'screenshot-admin-password');
    await bo.click('button[type=submit]');
    await bo.locator('.settings').waitFor();
    await bo.screenshot({ path: path.join(out, 'bo-settings.png') });
    console.info('docs/screenshots/bo-login.png, bo-settings.png');
    await desk.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
