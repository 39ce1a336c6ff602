import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_PATH, ROUTES, routeFor } from '../apps/web/src/app/routes.ts';
import {
  api,
  patchSettings,
  registerMember,
  signedInStorage,
  staffToken,
  type MemberSession,
} from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { cpuThrottleRate } from './support/chromium.ts';
import { text } from './support/catalogue.ts';
import { setTextSize, TEST_FONTS, useFont, type TestFont } from './support/fonts.ts';
import { headerProblems } from './support/header.ts';
import { openHome } from './support/home.ts';

/**
 * The site as a new player meets it: as a guest and as a member, in English, Arabic and three other
 * scripts, every route and every link and button the menus lead to. Each screen must show without a
 * console error or a Content-Security-Policy violation, must not drop the player on home unasked,
 * may say "coming soon" only where the route table declares it, and must keep the header's controls
 * apart and whole. Pages change inside the app (as a tap does), so a language costs one page load.
 */
const LANGUAGES = (process.env.CRAWL_LANGUAGES?.split(',') ?? ['EN', 'AR', 'ES', 'TH', 'JA']) as string[];
/** The longest name a member can choose and a seven-digit balance: the header's hardest case. */
const NICKNAME = 'Maximiliano Rodriguez Fernand';
const BALANCE = '1234567.89';

let browser: Browser;
let member: MemberSession;
let savedLanguages: unknown;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await staffToken();
  const { body } = await api<{ settings: { languages: unknown } }>('GET', '/bo/api/settings', { token });
  savedLanguages = body.value!.settings.languages;
  await patchSettings(token, { languages: { supported: [...LANGUAGES, 'TY'], default: 'EN' } });
  member = await registerMember('crawl');
  const credited = await api('POST', '/bo/api/wallet/adjustments', {
    token,
    body: { userName: member.userName, amount: BALANCE, reason: 'e2e crawl' },
  });
  expect(credited.status).toBe(200);
  const named = await api('PUT', '/wps/member/info/nickname', {
    token: member.token,
    body: { nickname: NICKNAME },
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
});

afterAll(async () => {
  await patchSettings(await staffToken(), { languages: savedLanguages });
  await browser?.close();
});

interface Problems {
  console: string[];
  csp: string[];
}

/** A phone in `language`, signed in or not, recording console errors and policy violations. */
async function openPhone(language: string, signedIn: boolean) {
  const { context, page } = await newPhone(browser, {
    storage: { language, ...(signedIn ? signedInStorage(member) : {}), hideDownloadBar: '0' },
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  await context.route(/\/lgw\/art\//, (route) => route.fulfill({ contentType: 'image/gif', body: PIXEL }));
  const problems: Problems = { console: [], csp: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.console.push(`${page.url()}: ${error.message}`));
  return { context, page, problems };
}

/** Goes to `path` inside the app, as a tap on a link does, and waits for the screen to settle. */
async function goInside(page: Page, path: string) {
  const target = path.split('?')[0]!;
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  // The old screen stays up while the new one loads: wait until the shell shows the new route (or
  // the address has moved on, a redirect), so nothing opened next is closed by the change of screen.
  const id = routeFor(target)?.id ?? '';
  await page
    .waitForFunction(
      ([id, to]) =>
        document.querySelector('.app')?.getAttribute('data-route') === id || window.location.pathname !== to,
      [id, target] as const,
    )
    .catch(async (error: unknown) => {
      // Say where the screen stood, to tell a slow chunk from a route that never shows.
      const shown = await page
        .evaluate(
          () => `${document.querySelector('.app')?.getAttribute('data-route')} at ${location.pathname}`,
        )
        .catch(() => 'unknown');
      throw new Error(`${path}: waited for route ${id}, the shell shows ${shown}`, { cause: error });
    });
  await settle(page);
}

/**
 * Until the screen has rendered: no page loader or skeleton left on the screen, then two frames. (A
 * list's "loading more" row below the screen stays a skeleton until it is scrolled to.)
 */
async function settle(page: Page) {
  const busy = '.page-loader, .skeleton, .mc-skeleton';
  await page
    .waitForFunction(
      (selector) =>
        [...document.querySelectorAll(selector)].every((el) => {
          const box = el.getBoundingClientRect();
          return box.bottom <= 0 || box.top >= window.innerHeight;
        }),
      busy,
      { polling: 'raf' },
    )
    .catch(async (error: Error) => {
      const left = await page.evaluate(
        (selector) => [...document.querySelectorAll(selector)].map((el) => el.className).join(', '),
        busy,
      );
      throw new Error(`${pathOf(page)} still shows ${left}: ${error.message}`);
    });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** A transparent 1×1 GIF: game art is not what the crawl checks, and decoding it is most of a screen's cost. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Closes whatever dialog is open (a welcome popup, a sheet): each closes on Escape. */
async function dismissDialogs(page: Page) {
  const dialogs = '[role="dialog"]';
  for (let open = await page.locator(dialogs).count(); open > 0; open = await page.locator(dialogs).count()) {
    await page.keyboard.press('Escape');
    await page.waitForFunction(([selector, was]) => document.querySelectorAll(selector).length < was, [
      dialogs,
      open,
    ] as const);
  }
}

/** Closes dialogs and the panels over a dimmed backdrop (side menu, header menu): a tap beside them. */
async function closeOverlays(page: Page) {
  await dismissDialogs(page);
  for (
    let open = await page.locator('.backdrop').count();
    open > 0;
    open = await page.locator('.backdrop').count()
  ) {
    await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.backdrop')].at(-1)?.click());
    await page.waitForFunction((was) => document.querySelectorAll('.backdrop').length < was, open);
  }
}

/** Home for the first time on a phone, its welcome popups closed, once it has settled. */
async function openSettledHome(page: Page, signedIn: boolean) {
  await openHome(page, signedIn);
  await page.locator(signedIn ? '.header-member .balance-amount' : '.app-header').waitFor();
  await settle(page);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Where a route may send a visitor instead of showing itself, by the spec: the member's own screens
 * ask a guest to log in; a guest's change-password goes home (spec §2); a member's login and
 * register screens go home.
 */
function allowedLanding(path: string, signedIn: boolean): string[] {
  const landing = [path];
  if (!signedIn) landing.push('/m/login');
  if (!signedIn && routeFor(path)?.id === 'changePsw') landing.push(HOME_PATH);
  if (signedIn && ['login', 'register'].includes(routeFor(path)?.id ?? '')) landing.push(HOME_PATH);
  return landing;
}

/** Latin text cut with an ellipsis at the wrong end: it must read left to right, even in Arabic. */
async function wrongEndTruncation(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#root *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth) return false;
        const first = /\p{L}/u.exec(el.textContent ?? '')?.[0] ?? '';
        return /\p{Script=Latin}/u.test(first) && style.direction === 'rtl';
      })
      .map((el) => `${el.className}: ${el.textContent?.slice(0, 40)}`),
  );
}

/** Every in-app link on the screen, and the buttons of the side menu and header menu. */
async function linksOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/m/"]')].map((a) => a.getAttribute('href')!),
  );
}

interface Visit {
  path: string;
  landed: string;
  pending: boolean;
  notOffered: boolean;
}

async function visit(page: Page, path: string, pendingText: string): Promise<Visit> {
  await goInside(page, path);
  // A declared "coming soon" screen is a lazy chunk of its own: it may take a moment more. Until it
  // shows, the screen says it is not offered, or the visitor is sent elsewhere (a guest to log in).
  const target = path.split('?')[0]!;
  if (routeFor(target)?.pending)
    await page.waitForFunction(
      ([pending, to]) =>
        Boolean(document.querySelector('.empty-state')?.textContent?.includes(pending)) ||
        Boolean(document.querySelector('[data-not-offered]')) ||
        window.location.pathname !== to,
      [pendingText, target] as const,
      { polling: 50 },
    );
  const state = await page.evaluate((pending) => {
    const empty = document.querySelector('.empty-state');
    return {
      pending: Boolean(empty?.textContent?.includes(pending)),
      notOffered: Boolean(document.querySelector('[data-not-offered]')),
    };
  }, pendingText);
  return { path, landed: pathOf(page), ...state };
}

/** Opens a menu, clicks its `index`-th button and reports where that led (or what it showed). */
async function clickMenuButton(
  page: Page,
  open: () => Promise<void>,
  selector: string,
  index: number,
  from: string,
): Promise<{ label: string; landed: string; feedback: boolean } | undefined> {
  if (pathOf(page) !== from) await goInside(page, from);
  await closeOverlays(page);
  const before = pathOf(page);
  await open();
  const buttons = page.locator(selector);
  // The menus are chunks of their own, fetched when first opened.
  await buttons.first().waitFor();
  if (index >= (await buttons.count())) return undefined;
  const button = buttons.nth(index);
  const label = ((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '').trim();
  const header = await page.evaluate(() => document.querySelector('.header-bar')?.innerHTML ?? '');
  let asked = () => {};
  const askedServer = new Promise<boolean>((resolve) => (asked = () => resolve(true)));
  page.on('request', asked);
  await button.click();
  await settle(page);
  // A button that acts in place shows it: a dialog, a toast, an open list, the header changes (the
  // balance hidden), or it asks the server (the balance refreshed). One that does none of these is
  // waited on for 10 s before it counts as doing nothing.
  const shown = () =>
    page
      .waitForFunction(
        (was) =>
          Boolean(document.querySelector('.toast, [role="dialog"], .side-menu, [role="listbox"]')) ||
          document.querySelector('.header-bar')?.innerHTML !== was,
        header,
        { timeout: 10_000 * cpuThrottleRate(), polling: 50 },
      )
      .then(
        () => true,
        () => false,
      );
  const feedback = pathOf(page) !== before || (await Promise.race([shown(), askedServer]));
  page.off('request', asked);
  const landed = pathOf(page);
  // Whatever opened (a sheet, a dialog, a language list) is closed before the next click.
  await closeOverlays(page);
  return { label, landed, feedback };
}

async function crawl(language: string, signedIn: boolean) {
  const who = `${language} ${signedIn ? 'member' : 'guest'}`;
  const { context, page, problems } = await openPhone(language, signedIn);
  const failures: string[] = [];
  try {
    const pendingText = text(language, 'web', 'empty.pending');
    // The welcome popups show once per member on a device; closed here, they must not come back for
    // the rest of the crawl, which the menu clicks below would notice.
    await openSettledHome(page, signedIn);

    // Every route of the table, then every in-app link the screens show.
    const toVisit = new Set(ROUTES.flatMap((r) => r.paths.slice(0, 1)));
    const visited = new Set<string>();
    const queue = [...toVisit];
    while (queue.length) {
      const path = queue.shift()!;
      if (visited.has(path)) continue;
      visited.add(path);
      const route = routeFor(path.split('?')[0]!);
      const result = await visit(page, path, pendingText);
      const target = path.split('?')[0]!;
      if (!allowedLanding(target, signedIn).includes(result.landed))
        failures.push(`${who}: ${path} landed on ${result.landed}`);
      if (result.pending && !route?.pending) failures.push(`${who}: ${path} says "coming soon" undeclared`);
      if (route?.pending && !result.pending && !result.notOffered && result.landed === target)
        failures.push(`${who}: ${path} is declared pending but shows a screen`);
      if (result.landed === target) {
        for (const header of await headerProblems(page)) failures.push(`${who}: ${path}: ${header}`);
        if (language === 'AR')
          for (const cut of await wrongEndTruncation(page))
            failures.push(`${who}: ${path}: cut at the wrong end: ${cut}`);
        for (const href of await linksOnScreen(page)) if (!visited.has(href)) queue.push(href);
      }
    }

    // The side menu's buttons (from a list screen, where the menu is the same) and the header menu's
    // (home only). Their targets do not depend on the language: English and Arabic suffice.
    const openSide = () =>
      page
        .getByRole('button', { name: text(language, 'web', 'header.openMenu'), exact: true })
        .first()
        .click();
    const menus: [string, () => Promise<void>, string, string][] = [];
    if (language === 'EN' || language === 'AR')
      menus.push([
        'side menu',
        openSide,
        '.side-menu .tiles button, .side-menu .side-list button',
        '/m/notice',
      ]);
    if (signedIn && (language === 'EN' || language === 'AR'))
      menus.push([
        'header menu',
        () => page.locator('.header-member button[aria-label]').last().click(),
        '.dropdown [role="menuitem"]',
        HOME_PATH,
      ]);
    for (const [name, open, selector, from] of menus)
      for (let i = 0; ; i++) {
        const outcome = await clickMenuButton(page, open, selector, i, from);
        if (!outcome) break;
        if (!outcome.feedback) failures.push(`${who}: ${name} "${outcome.label}" did nothing visible`);
        else if (!routeFor(outcome.landed))
          failures.push(`${who}: ${name} "${outcome.label}" led to ${outcome.landed}, which is no route`);
      }

    const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    for (const violation of csp) failures.push(`${who}: CSP violation ${violation}`);
    for (const error of problems.console) failures.push(`${who}: console error ${error}`);
    return { failures, visited: visited.size };
  } finally {
    await context.close();
  }
}

// Seven phones through every screen: minutes, and as many times more as the browser is slowed.
describe('the site crawl', { timeout: 600_000 * cpuThrottleRate() }, () => {
  it('visits every route and menu entry as a guest and a member in five languages, without a fault', async () => {
    const started = Date.now();
    // Guests and members in English and Arabic (every menu button too); members in the other three,
    // whose screens a guest sees as a subset of a member's. Seven phones in all.
    const both = (language: string) => language === 'EN' || language === 'AR';
    const runs = LANGUAGES.flatMap((language) => [
      ...(both(language) ? [() => crawl(language, false)] : []),
      () => crawl(language, true),
    ]);
    // Three phones at a time in the one browser: each mostly waits on the server.
    const results: Awaited<ReturnType<typeof crawl>>[] = [];
    for (let i = 0; i < runs.length; i += 3)
      results.push(...(await Promise.all(runs.slice(i, i + 3).map((run) => run()))));
    const failures = results.flatMap((r) => r.failures);
    expect(failures).toEqual([]);
    expect(Math.min(...results.map((r) => r.visited))).toBeGreaterThanOrEqual(ROUTES.length);
    console.info(
      `crawl: ${results.reduce((n, r) => n + r.visited, 0)} screens in ${Date.now() - started} ms`,
    );
  });

  it("keeps the signed-in header's controls apart and whole from 360 to 430 px, in common fonts and at 130% text size, left to right and right to left", async () => {
    for (const language of ['EN', 'AR', 'TH']) {
      const { context, page, problems } = await openPhone(language, true);
      await openSettledHome(page, true);
      await expect.poll(() => page.locator('.member-name-text').textContent()).toBe(NICKNAME);
      await expect.poll(() => page.locator('.balance-amount').textContent()).toContain('1,234,567.89');
      // The system's fonts in each language; English and Arabic also in each test font.
      const fonts = language === 'TH' ? [undefined] : [undefined, ...(Object.keys(TEST_FONTS) as TestFont[])];
      for (const font of fonts) {
        await useFont(page, font);
        for (const size of [100, 130]) {
          await setTextSize(page, size);
          // The text size took: the balance is drawn that much larger than its 13 px.
          await expect
            .poll(() => page.locator('.balance').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)))
            .toBeCloseTo((13 * Math.round((16 * size) / 100)) / 16, 1);
          for (const width of [360, 375, 390, 412, 430]) {
            await page.setViewportSize({ width, height: 800 });
            await settle(page);
            // Folding follows the layout by a frame or two.
            await expect
              .poll(() => headerProblems(page), {
                message: `${language} ${font ?? 'system font'} ${size}% ${width}px`,
              })
              .toEqual([]);
          }
        }
      }
      expect(problems.console).toEqual([]);
      await context.close();
    }
  });
});

describe('whitelabel flags on the player site', () => {
  const OFF = { DEPOSIT3: false, WITHDRAW3: false, REFERRAL3: false, MAILCEN3: false, FEEDBACK3: false };
  const HIDDEN = ['/m/voucherCenter', '/m/withdraw', '/m/inviteFriends', '/m/webEmail', '/m/feedback'];
  afterAll(async () => {
    await patchSettings(await staffToken(), {
      whitelabel: Object.fromEntries(Object.keys(OFF).map((flag) => [flag, true])),
    });
  });

  it('leaves switched-off features out of the bottom bar, header, menus and member centre', async () => {
    await patchSettings(await staffToken(), { whitelabel: OFF });
    const { context, page } = await openPhone('EN', true);
    let context2: BrowserContext | undefined;
    try {
      await openSettledHome(page, true);
      const everywhere = async () => {
        const hrefs = await linksOnScreen(page);
        const labels = await page.evaluate(() =>
          [...document.querySelectorAll('button, a')].map((el) => el.textContent?.trim() ?? ''),
        );
        return { hrefs, labels };
      };
      const seen: { hrefs: string[]; labels: string[] }[] = [await everywhere()];
      await page.locator('.header-member button[aria-label]').last().click();
      await page.locator('.dropdown').waitFor();
      seen.push(await everywhere());
      await closeOverlays(page);
      await page.getByRole('button', { name: text('EN', 'web', 'header.openMenu'), exact: true }).click();
      await page.locator('.side-menu').waitFor();
      seen.push(await everywhere());
      await goInside(page, '/m/mine');
      seen.push(await everywhere());
      const hrefs = seen.flatMap((s) => s.hrefs.map((h) => h.split('?')[0]!));
      const labels = seen.flatMap((s) => s.labels);
      for (const path of HIDDEN) expect(hrefs, path).not.toContain(path);
      for (const key of ['menu.deposit', 'menu.withdraw', 'menu.invite', 'menu.inbox', 'menu.feedback'])
        expect(labels, key).not.toContain(text('EN', 'web', key));
      // The bottom bar keeps its other tabs.
      expect(await page.locator('.app-footer a').count()).toBe(3);

      // Its address says the site does not offer it, rather than a dead end.
      await goInside(page, '/m/voucherCenter');
      await expect
        .poll(() => page.locator('[data-not-offered]').textContent())
        .toContain(text('EN', 'web', 'empty.notOffered'));

      // Switched back on, they return.
      await patchSettings(await staffToken(), {
        whitelabel: Object.fromEntries(Object.keys(OFF).map((flag) => [flag, true])),
      });
      context2 = (await openPhone('EN', true)).context;
      const page2 = context2.pages()[0]!;
      await page2.goto(HOME_PATH);
      await page2.locator('.header-member .balance-amount').waitFor();
      await expect.poll(() => page2.locator('.app-footer a').count()).toBe(5);
      expect(await page2.locator('.header-member a[href="/m/voucherCenter"]').count()).toBe(1);
    } finally {
      await context.close();
      await context2?.close();
    }
  });
});
