import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  patchSettings,
  registerMember,
  signedInStorage,
  staffToken,
  type MemberSession,
} from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

interface GameRow {
  nodeId: number;
  gameName: string;
  vassalage: string;
}

let browser: Browser;
let member: MemberSession;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('lobby');
});
afterAll(async () => {
  await browser?.close();
});

const lobby = (key: string) => text('EN', 'lobby', key);

async function phone(signedIn: boolean): Promise<Page> {
  const { page } = await newPhone(browser, { storage: signedIn ? signedInStorage(member) : {} });
  return page;
}

/** The home sections on screen, top to bottom. */
async function homeSections(page: Page): Promise<string[]> {
  return page.locator('.lobby-home [data-section]').evaluateAll((nodes) =>
    nodes
      .map((n) => ({ id: n.getAttribute('data-section')!, top: n.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map((n) => n.id),
  );
}

/** Scrolls home from top to bottom, as a player would, so every section renders as it comes near. */
async function scrollThroughHome(page: Page): Promise<void> {
  for (let step = 0; step < 20; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (atBottom) break;
  }
}

const GUEST_ORDER = [
  'hot',
  'provider-JILI',
  'provider-FC',
  'provider-PGE',
  'slots',
  'bingo',
  'fish',
  'providers',
  'popular',
  'winners',
];

describe('lobby home', () => {
  it("shows a guest the spec's sections in order, with real games", async () => {
    const page = await phone(false);
    await page.goto('/m/home');
    await expect.poll(() => homeSections(page)).toEqual(GUEST_ORDER);
    // Sections render as they come near the screen: until then only their places are held.
    expect(await page.locator('[data-section="winners"].section-placeholder').count()).toBe(1);
    await scrollThroughHome(page);
    expect(await page.locator('.lobby-home .section-placeholder').count()).toBe(0);
    await expect.poll(() => homeSections(page)).toEqual(GUEST_ORDER);
    // Real data: each provider section lists three rows of that vendor's games.
    const { body } = await api<{ games: GameRow[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=JILI&pageNo=1&pageSize=9',
    );
    const jili = page.locator('[data-section="provider-JILI"] .game-name');
    await expect.poll(() => jili.allTextContents()).toEqual(body.value!.games.map((g) => g.gameName));
    const tiles = (id: string) => page.locator(`[data-section="${id}"] .game-tile:not(.skeleton-tile)`);
    await expect.poll(() => tiles('slots').count()).toBe(3);
    await expect.poll(() => tiles('bingo').count()).toBe(6);
    await expect.poll(() => tiles('fish').count()).toBe(6);
    // The jackpot shows the pool's real figure straight away, not a count-up from its seed.
    const pool = await api<{ amount: string }>('GET', '/wps/game/jackpot');
    const figure = Number(pool.body.value!.amount).toFixed(2);
    await expect
      .poll(() =>
        page
          .locator('.jackpot-amount')
          .textContent()
          .then((t) => t!.replace(/[^\d.]/g, '')),
      )
      .toBe(figure);
    await expect
      .poll(() => page.getByRole('heading', { name: lobby('sections.favourites') }).count())
      .toBe(0);
    // Once the page has settled, the ticker moves at the spec's 30 steps a second.
    await expect
      .poll(() =>
        page.evaluate(() =>
          document
            .querySelector('.ticker-line')
            ?.getAnimations()
            .map((a) => `${a.playState} ${String(a.effect?.getTiming().easing).slice(0, 6)}`),
        ),
      )
      .toEqual(['running steps(']);
    // Game art arrives as decoded pictures (WebP), not as SVG documents.
    const art = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('.game-art img')]
        .filter((img) => img.complete && img.naturalWidth > 0)
        .map((img) => new URL(img.src).pathname),
    );
    expect(art.length).toBeGreaterThan(6);
    for (const src of art) expect(src).toMatch(/^\/lgw\/art\/games\/[A-Za-z0-9_-]+\.webp$/);
    await page.context().close();
  });

  it('shows a member their favourites first, then the same sections', async () => {
    const page = await phone(true);
    await page.goto('/m/home');
    await expect.poll(() => homeSections(page)).toEqual(['favourites', ...GUEST_ORDER]);
    await expect(page.locator('[data-section="favourites"]').textContent()).resolves.toContain(
      lobby('empty.favouritesHome'),
    );
    // Login popups: a swiper with previous and next, shown once per visit.
    const popup = page.getByRole('dialog');
    await popup.waitFor();
    const previous = popup.getByRole('button', { name: lobby('popups.previous'), exact: true });
    const next = popup.getByRole('button', { name: lobby('popups.next'), exact: true });
    expect(await previous.isDisabled()).toBe(true);
    const firstTitle = await popup.getAttribute('aria-label');
    await next.click();
    await expect.poll(() => popup.getAttribute('aria-label')).not.toBe(firstTitle);
    await previous.click();
    await expect.poll(() => popup.getAttribute('aria-label')).toBe(firstTitle);
    await popup.getByRole('button', { name: lobby('popups.close'), exact: true }).click();
    await page.reload();
    await expect.poll(() => homeSections(page)).toContain('winners');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it("opens a section's list from 'more' with its vendor chosen", async () => {
    const page = await phone(false);
    await page.goto('/m/home');
    const section = page.locator('[data-section="provider-FC"]');
    await section.getByRole('button', { name: /FC/ }).first().waitFor();
    await section.locator('.more-btn').click();
    await expect.poll(() => page.url()).toContain('/m/provider?vassalage=FC');
    await expect
      .poll(() => page.getByRole('tab', { name: 'FC', exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    await page.context().close();
  });
});

describe('game lists', () => {
  it('loads 36 games a page and the next page near the bottom', async () => {
    const { body } = await api<{ totalCount: number }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=JILI&pageNo=1&pageSize=36',
    );
    expect(body.value!.totalCount).toBeGreaterThan(72);
    const page = await phone(false);
    await page.goto('/m/provider?vassalage=JILI');
    const tiles = page.locator('[data-section="list"] .game-tile:not(.skeleton-tile)');
    await expect.poll(() => tiles.count()).toBe(36);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => tiles.count()).toBe(72);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => tiles.count()).toBeGreaterThan(72);
    await page.context().close();
  });

  it("lists another vendor's games when its tab is chosen on a provider's page", async () => {
    const { body } = await api<{ games: GameRow[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=FC&pageNo=1&pageSize=36',
    );
    const page = await phone(false);
    await page.goto('/m/provider?vassalage=JILI');
    const names = page.locator('[data-section="list"] .game-name');
    await expect.poll(() => names.count()).toBe(36);
    await page.getByRole('tab', { name: 'FC', exact: true }).click();
    // The address still names JILI; the list follows the tab.
    await expect.poll(() => names.allTextContents()).toEqual(body.value!.games.map((g) => g.gameName));
    expect(page.url()).toContain('vassalage=JILI');
    await page.context().close();
  });

  it("waits for a provider's category before loading its list, so the list never starts over", async () => {
    const page = await phone(false);
    // A slow category list: the provider link names only the vendor, whose type comes from it.
    await page.route('**/GCSGAME_getVassGameType*', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/GCSGAME_gameList') && url.searchParams.get('vassalage') === 'JILI') {
        asked.push(`${url.searchParams.get('gameType')}:${url.searchParams.get('pageNo')}`);
      }
    });
    await page.goto('/m/provider?vassalage=JILI');
    const tiles = page.locator('[data-section="list"] .game-tile:not(.skeleton-tile)');
    await expect.poll(() => tiles.count()).toBe(36);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => tiles.count()).toBe(72);
    expect(asked).toEqual(['RNG:1', 'RNG:2']);
    await page.context().close();
  });

  it('searches names case-insensitively after a pause, and says when nothing matches', async () => {
    const { body } = await api<{ games: GameRow[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=ALL&pageNo=1&pageSize=1',
    );
    const name = body.value!.games[0]!.gameName;
    const word = name.split(' ')[0]!;
    const { body: matches } = await api<{ totalCount: number; games: GameRow[] }>(
      'GET',
      `/wps/relay/GCSGAME_gameList?gameType=ALL&pageNo=1&pageSize=36&gameName=${encodeURIComponent(word)}`,
    );
    const page = await phone(false);
    await page.goto('/m/search-games');
    const search = page.getByRole('searchbox', { name: lobby('search.label') });
    await search.fill(word.toUpperCase());
    const names = page.locator('[data-section="list"] .game-name');
    await expect.poll(() => names.allTextContents()).toEqual(matches.value!.games.map((g) => g.gameName));
    for (const shown of await names.allTextContents()) {
      expect(shown.toLowerCase()).toContain(word.toLowerCase());
    }
    await search.fill('zzqx no such game');
    await expect
      .poll(() => page.locator('.lobby-empty').textContent())
      .toContain(lobby('empty.search').split('“')[0]!.trim());
    await page.context().close();
  });

  it('shows 6 hot games, then all of them', async () => {
    const { body } = await api<{ games: GameRow[] }>('GET', '/wps/relay/GCSGAME_hotGamesV2');
    const total = body.value!.games.length;
    expect(total).toBeGreaterThan(6);
    const page = await phone(false);
    await page.goto('/m/hot-games');
    const tiles = page.locator('[data-section="list"] .game-tile:not(.skeleton-tile)');
    await expect.poll(() => tiles.count()).toBe(6);
    await page
      .getByRole('button', { name: text('EN', 'lobby', 'lists.showAll').replace('{{count}}', String(total)) })
      .click();
    await expect.poll(() => tiles.count()).toBe(total);
    await page.context().close();
  });

  it('sends a guest to log in for favourites and recent games', async () => {
    const page = await phone(false);
    await page.goto('/m/slot-games');
    await page.locator('.fav-toggle').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/login');
    await page.goto('/m/slot-games');
    await page.getByRole('button', { name: lobby('toggles.recent'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/login');
    await page.context().close();
  });

  it('keeps favourites: add from a list, see them listed, remove at once', async () => {
    const page = await phone(true);
    await page.goto('/m/fishing-games');
    const first = page.locator('[data-section="list"] .game-tile:not(.skeleton-tile)').first();
    const name = (await first.locator('.game-name').textContent())!;
    await first.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
    await expect.poll(() => first.locator('.fav-toggle').getAttribute('aria-pressed')).toBe('true');
    const { body } = await api<{ ids: number[] }>('GET', '/wps/relay/MCSFE_getFavoriteGames', {
      token: member.token,
    });
    expect(body.value!.ids).toHaveLength(1);

    await page.getByRole('button', { name: lobby('toggles.favourites'), exact: true }).click();
    const names = page.locator('[data-section="list"] .game-name');
    await expect.poll(() => names.allTextContents()).toEqual([name]);
    await page.getByRole('button', { name: new RegExp(`^Remove ${name}`) }).click();
    await expect.poll(() => page.locator('.lobby-empty').textContent()).toBe(lobby('empty.FAV'));
    await expect
      .poll(
        async () =>
          (await api<{ ids: number[] }>('GET', '/wps/relay/MCSFE_getFavoriteGames', { token: member.token }))
            .body.value!.ids,
      )
      .toEqual([]);
    await page.context().close();
  });

  it('launches an in-house game, lists it under recent, and explains an unconnected vendor', async () => {
    const page = await phone(true);
    await page.goto('/m/inHouse');
    const tile = page.locator('[data-section="list"] .game-tile:not(.skeleton-tile)').first();
    const name = (await tile.locator('.game-name').textContent())!;
    // In-house games open at the same-origin /play/ URL the launch call returns; the tile's name plays
    // as its artwork does.
    const opened = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/play/'));
    await tile.locator('.game-name').click();
    await opened;
    // Let that navigation finish before starting the next one.
    await page.waitForURL((url) => url.pathname !== '/m/inHouse');
    await page.waitForLoadState('domcontentloaded');

    await page.goto('/m/inHouse');
    await page.getByRole('button', { name: lobby('toggles.recent'), exact: true }).click();
    await expect
      .poll(() => page.locator('[data-section="list"] .game-name').allTextContents())
      .toContain(name);

    // With demo mode off (it is on in the demo data), a vendor without credentials says so.
    const staff = await staffToken();
    await patchSettings(staff, { games: { demoMode: false } });
    try {
      await page.goto('/m/provider?vassalage=JILI');
      await page.locator('[data-section="list"] .game-tile:not(.skeleton-tile) .game-art').first().click();
      await expect
        .poll(() => page.locator('.toast').textContent())
        .toBe(text('EN', 'common', 'errors.VENDOR_NOT_CONNECTED'));
    } finally {
      await patchSettings(staff, { games: { demoMode: true } });
    }
    await page.context().close();
  });

  it('reloads vendors and hot games in the new language after a language change', async () => {
    const page = await phone(false);
    await page.goto('/m/hot-games');
    await page.locator('[data-section="list"] .game-name').first().waitFor();
    const reloaded = (path: string) =>
      page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === path && url.searchParams.get('language') === 'TY';
      });
    const hot = reloaded('/wps/relay/GCSGAME_hotGamesV2');
    const vendors = reloaded('/wps/relay/GCSGAME_getVassGameType');
    await page.getByRole('button', { name: text('EN', 'web', 'header.openMenu'), exact: true }).click();
    await page.locator('.accordion-head').click();
    await page.getByRole('option', { name: 'Filipino' }).click();
    await Promise.all([hot, vendors]);
    await expect.poll(() => page.locator('[data-section="list"] .game-tile').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('list screens', () => {
  it('vendor list: type banners, hot games (6, then all), search and my collection open their routes', async () => {
    const { body } = await api<{ games: (GameRow & { gameType: string })[] }>(
      'GET',
      '/wps/relay/GCSGAME_hotGamesV2',
    );
    const hotSlots = body.value!.games.filter((g) => g.gameType === 'RNG').length;
    expect(hotSlots).toBeGreaterThan(6);
    const page = await phone(true);
    await page.goto('/m/slot-games');
    // Banners of the type's group (m_rng_EN), not home's.
    const banners = page.getByRole('region', { name: lobby('banners.label') });
    await expect.poll(() => banners.locator('img').first().getAttribute('src')).toContain('slots');
    const hot = page.locator('[data-section="hot"] .game-tile:not(.skeleton-tile)');
    await expect.poll(() => hot.count()).toBe(6);
    await page
      .locator('[data-section="hot"]')
      .getByRole('button', { name: lobby('lists.showAll').replace('{{count}}', String(hotSlots)) })
      .click();
    await expect.poll(() => hot.count()).toBe(hotSlots);

    await page.getByRole('link', { name: lobby('search.label'), exact: true }).click();
    await expect.poll(() => page.url()).toContain('/m/search-games?gameType=RNG');
    const search = page.getByRole('searchbox', { name: lobby('search.label') });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.goBack();

    await page.getByRole('link', { name: lobby('sections.favourites'), exact: true }).click();
    await expect.poll(() => page.url()).toContain('/m/fav-games?gameType=RNG');
    await expect
      .poll(() => page.locator('[data-section="list"] h2').textContent())
      .toBe(lobby('toggles.favourites'));
    await page.context().close();
  });

  it('game centre: ticker, type banners, vendors that open their own list, favourites for members', async () => {
    const { body } = await api<{
      categories: { gameCategory: string; vendors: { vassalage: string; displayName: string }[] }[];
    }>('GET', '/wps/relay/GCSGAME_getVassGameType?typeId=1');
    const live = body.value!.categories.find((c) => c.gameCategory === 'LIVE')!.vendors;
    expect(live.length).toBeGreaterThan(0);

    const guest = await phone(false);
    await guest.goto('/m/live-games');
    const vendors = guest.locator('[data-section="vendors"] .provider-name');
    await expect.poll(() => vendors.allTextContents()).toEqual(live.map((v) => v.displayName));
    await expect.poll(() => guest.locator('a.ticker').getAttribute('href')).toBe('/m/notice');
    await expect
      .poll(() =>
        guest
          .getByRole('region', { name: lobby('banners.label') })
          .locator('img')
          .first()
          .getAttribute('src'),
      )
      .toContain('live');
    expect(await guest.locator('[data-section="favourites"]').count()).toBe(0);
    const vendor = live[live.length - 1]!;
    await guest
      .locator('[data-section="vendors"]')
      .getByRole('button', { name: new RegExp(vendor.displayName) })
      .click();
    await expect.poll(() => guest.url()).toContain(`/m/provider?vassalage=${vendor.vassalage}`);
    await expect
      .poll(() =>
        guest.getByRole('tab', { name: vendor.displayName, exact: true }).getAttribute('aria-selected'),
      )
      .toBe('true');
    await guest.context().close();

    const memberPage = await phone(true);
    await memberPage.goto('/m/live-games');
    await memberPage.locator('[data-section="vendors"]').waitFor();
    // A member with no live favourites gets no empty favourites section; one favourite shows it.
    const first = memberPage.locator('[data-section="list"] .game-tile:not(.skeleton-tile)').first();
    const name = (await first.locator('.game-name').textContent())!;
    await first.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
    await expect
      .poll(
        async () =>
          (await api<{ ids: number[] }>('GET', '/wps/relay/MCSFE_getFavoriteGames', { token: member.token }))
            .body.value!.ids.length,
      )
      .toBe(1);
    await memberPage.reload();
    await expect
      .poll(() => memberPage.locator('[data-section="favourites"] .game-name').allTextContents())
      .toEqual([name]);
    await memberPage
      .locator('[data-section="favourites"]')
      .getByRole('button', { name: new RegExp(`^Remove ${name}`) })
      .click();
    await expect
      .poll(
        async () =>
          (await api<{ ids: number[] }>('GET', '/wps/relay/MCSFE_getFavoriteGames', { token: member.token }))
            .body.value!.ids,
      )
      .toEqual([]);
    await memberPage.context().close();
  });
});
