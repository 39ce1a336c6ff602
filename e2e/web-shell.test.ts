import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ROUTES, routeFor } from '../apps/web/src/app/routes.ts';
import { api, patchSettings, registerMember, signedInStorage, staffToken } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { cpuThrottleRate } from './support/chromium.ts';
import { text } from './support/catalogue.ts';
import { setTextSize, TEST_FONTS, useFont, type TestFont } from './support/fonts.ts';
import { headerProblems } from './support/header.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(options: Parameters<typeof newPhone>[1] = {}): Promise<Page> {
  const { page } = await newPhone(browser, options);
  return page;
}

describe('player site shell', () => {
  it("shows home with header, footer and side menu in the browser's language", async () => {
    const page = await phone({ locale: 'en-US' });
    await page.goto('/m/home');
    await expect.poll(() => page.locator('.app-header').isVisible()).toBe(true);
    await expect(page.locator('.header-actions').textContent()).resolves.toContain(
      text('EN', 'web', 'header.login'),
    );
    const footer = await page.locator('.app-footer').textContent();
    for (const key of ['home', 'promotion', 'deposit', 'invite', 'mine']) {
      expect(footer).toContain(text('EN', 'web', `footer.${key}`));
    }
    await page.getByRole('button', { name: text('EN', 'web', 'header.openMenu'), exact: true }).click();
    const menu = page.locator('.side-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect(menu.textContent()).resolves.toContain(text('EN', 'web', 'menu.games'));
    // Panels lock the page's scrolling underneath.
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(
      true,
    );
    await page.context().close();
  });

  it("shows the site's name whole or not at all, beside sign-in buttons of every length, in common fonts and at 130% text size", async () => {
    // The longest sign-in labels of the catalogues (Burmese, Uzbek, Filipino, Spanish), Arabic, and
    // English, whose labels leave room for the name.
    const languages = ['EN', 'MY', 'UZ', 'TY', 'ES', 'AR'];
    const token = await staffToken();
    const { value } = (await api<{ settings: { languages: unknown } }>('GET', '/bo/api/settings', { token }))
      .body;
    await patchSettings(token, { languages: { supported: languages, default: 'EN' } });
    const page = await phone({ locale: 'en-US' });
    await page.setViewportSize({ width: 360, height: 780 });
    const shown: Record<string, boolean> = {};
    for (const language of languages) {
      await page.goto('/m/login');
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.goto('/m/home');
      await expect
        .poll(() => page.locator('.header-actions').textContent())
        .toContain(text(language, 'web', 'header.login'));
      for (const font of [undefined, ...(Object.keys(TEST_FONTS) as TestFont[])]) {
        await useFont(page, font);
        for (const size of [100, 130]) {
          await setTextSize(page, size);
          const which = `${language} ${font ?? 'system font'} ${size}%`;
          await expect
            .poll(() => page.locator('.logo').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)))
            .toBeCloseTo((17 * Math.round((16 * size) / 100)) / 16, 1);
          // Both sign-in buttons whole and inside the bar, beside the menu button and the mark.
          expect(await headerProblems(page), which).toEqual([]);
          const fit = await page.evaluate(() => {
            const box = document.querySelector<HTMLElement>('.logo-name')!;
            const name = box.querySelector<HTMLElement>('span')!;
            const bar = document.querySelector<HTMLElement>('.header-bar')!;
            return {
              onFirstLine: name.offsetTop < box.clientHeight,
              whole: name.offsetWidth <= box.clientWidth,
              barFits: bar.scrollWidth <= bar.clientWidth,
            };
          });
          expect(fit.barFits, which).toBe(true);
          // Shown means shown whole; otherwise it sits on the clipped second line.
          if (fit.onFirstLine) expect(fit.whole, which).toBe(true);
          shown[which] = fit.onFirstLine;
        }
      }
    }
    // English leaves room for the name in a phone's usual fonts; Burmese never does.
    expect(shown['EN Noto Sans 100%']).toBe(true);
    expect(shown['EN Roboto 100%']).toBe(true);
    expect(Object.entries(shown).filter(([which, on]) => which.startsWith('MY') && on)).toEqual([]);
    await page.context().close();
    await patchSettings(token, { languages: value!.settings.languages });
  });

  it('picks a supported browser language on the first visit (Filipino)', async () => {
    const page = await phone({ locale: 'fil-PH' });
    await page.goto('/m/home');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fil');
    await expect
      .poll(() => page.locator('.app-footer').textContent())
      .toContain(text('TY', 'web', 'footer.home'));
    await page.context().close();
  });

  it('mirrors the layout when switching to Arabic, and remembers the choice', async () => {
    const page = await phone({ locale: 'en-US' });
    const token = await staffToken();
    const { value } = (await api<{ settings: { languages: unknown } }>('GET', '/bo/api/settings', { token }))
      .body;
    await patchSettings(token, { languages: { supported: ['EN', 'TY', 'AR'], default: 'TY' } });
    onTestFinished(() => patchSettings(token, { languages: value!.settings.languages }));
    await page.goto('/m/home');
    await page.getByRole('button', { name: text('EN', 'web', 'header.openMenu'), exact: true }).click();
    await page.locator('.accordion-head').click();
    await page.getByRole('option', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await expect
      .poll(() => page.locator('.app-footer').textContent())
      .toContain(text('AR', 'web', 'footer.home'));
    // The side menu now opens from the right-hand side.
    await page.getByRole('button', { name: text('AR', 'web', 'header.openMenu'), exact: true }).click();
    const box = await page.locator('.side-menu').boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(385);
    expect(box!.x).toBeGreaterThan(20);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.context().close();
  });

  it(
    'renders the header title of every spec route',
    async () => {
      // Each address, once its screen has loaded, is titled for the route it is at. A guest is sent to
      // log in from a member's screens (and home from change password): those are checked signed in.
      const member = await registerMember('titles');
      const titled = new Set<string>();
      const screens = ROUTES.filter((r) => r.id !== 'home');
      for (const storage of [{}, signedInStorage(member)]) {
        const page = await phone({ storage });
        for (const route of screens)
          for (const path of route.paths.filter((p) => !titled.has(p))) {
            await page.goto(path);
            let at: { path: string; title: string | null } | null = null;
            await expect
              .poll(
                async () => {
                  at = await page.evaluate(() =>
                    document.querySelector('.page-loader')
                      ? null
                      : {
                          path: window.location.pathname,
                          title: document.querySelector('.header-title')?.textContent ?? null,
                        },
                  );
                  const id = at && routeFor(at.path)?.id;
                  return Boolean(at && (id === 'home' || at.title === text('EN', 'web', `titles.${id}`)));
                },
                { message: path },
              )
              .toBe(true);
            if (routeFor(at!.path)?.id === route.id) titled.add(path);
          }
        await page.context().close();
      }
      expect(screens.flatMap((r) => r.paths).filter((p) => !titled.has(p))).toEqual([]);
      // Every screen twice, as a guest and as a member: more than one ordinary test's time.
    },
    240_000 * cpuThrottleRate(),
  );

  it('sends home aliases and unknown paths to /m/home', async () => {
    const page = await phone();
    for (const path of ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/no-such-page', '/elsewhere']) {
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe('/m/home');
    }
    await page.context().close();
  });

  it('goes home from login with the back button, and back one step elsewhere', async () => {
    const page = await phone();
    await page.goto('/m/notice');
    await page.getByRole('link', { name: text('EN', 'web', 'footer.promotion'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/activity');
    await page.getByRole('button', { name: text('EN', 'web', 'header.back'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/home');

    await page.goto('/m/help');
    await page.getByRole('link', { name: text('EN', 'web', 'footer.mine'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/mine');
    await page.getByRole('button', { name: text('EN', 'web', 'header.back'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/help');
    await page.context().close();
  });

  it('treats a swipe of more than 100 px as back', async () => {
    const page = await phone();
    await page.goto('/m/help');
    await page.getByRole('link', { name: text('EN', 'web', 'footer.mine'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/mine');
    const swipe = (dx: number) =>
      page.evaluate((distance) => {
        const target = document.querySelector('main.page')!;
        const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 400 });
        target.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(20)], bubbles: true }));
        target.dispatchEvent(
          new TouchEvent('touchend', { touches: [], changedTouches: [touch(20 + distance)], bubbles: true }),
        );
      }, dx);
    await swipe(60);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/m/mine');
    await swipe(140);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/help');
    await page.context().close();
  });

  it('shows every shell string through the catalogue (pseudo-locale)', async () => {
    const page = await phone({ storage: { language: 'PSEUDO' } });
    // The agent centre's guest screen: an empty state made of shell text (the help centre shows the
    // operator's own texts). Its chunk is loaded lazily: wait for it before reading.
    await page.goto('/m/agent/home');
    await expect.poll(() => page.locator('.header-title').textContent()).toMatch(/^\[.*\]$/);
    await page.locator('.empty-state').waitFor();
    await page.locator('.header-bar .icon-btn').last().click();
    await expect.poll(() => page.locator('.side-menu').isVisible()).toBe(true);
    const plain = await page.evaluate(() => {
      const roots = ['.app-footer', '.side-menu', '.app-header', '.empty-state'];
      const found: string[] = [];
      for (const selector of roots) {
        const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const value = node.textContent?.trim() ?? '';
          // Language names are shown in their own language on purpose.
          if (value && !value.startsWith('[') && !node.parentElement?.closest('.language-item, .flag'))
            found.push(value);
        }
      }
      return found;
    });
    expect(plain).toEqual([]);
    await page.context().close();
  });
});

describe('site status screens', () => {
  it('shows maintenance within one status refresh, and lifts it', async () => {
    const token = await staffToken();
    const page = await phone();
    await page.goto('/m/home');
    await expect.poll(() => page.locator('.app-header').isVisible()).toBe(true);
    await patchSettings(token, { status: { maintenance: true } });
    try {
      await expect
        .poll(() => page.locator('[data-status="maintenance"]').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect(page.locator('.status-screen h1').textContent()).resolves.toBe(
        text('EN', 'web', 'status.maintenanceTitle'),
      );
    } finally {
      await patchSettings(token, { status: { maintenance: false } });
    }
    await expect.poll(() => page.locator('.app-header').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.context().close();
  });

  it("shows the blocked screen for a blocked IP range with the visitor's IP, and lifts it", async () => {
    const token = await staffToken();
    await patchSettings(token, { status: { blockedIpRanges: ['127.0.0.0/8', '::1/128'] } });
    const page = await phone();
    try {
      await page.goto('/m/home');
      await expect
        .poll(() => page.locator('[data-status="blocked"]').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect(page.locator('.status-screen').textContent()).resolves.toMatch(/127\.0\.0\.1|::1/);
    } finally {
      await patchSettings(token, { status: { blockedIpRanges: [] } });
    }
    await expect.poll(() => page.locator('.app-header').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.context().close();
  });
});
