import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags for the system Chromium in tests and benchmarks. The network ones suit this machine's closed
 * network. `--disable-features` turns off the browser's own omnibox pages: headless Chromium 156 builds
 * the address bar's WebUI popup in a renderer of its own, which kept one of the machine's two cores busy
 * for about 2.5 s after every start, slowing whatever page was being tested or measured.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];

/**
 * `E2E_CPU_THROTTLE=4` runs every page of the browser tests with its CPU slowed four times (Chromium's
 * own throttling, as its developer tools do), as a slow phone or a busy machine would: a test that
 * passes only because the page was quick waits on time instead of on what the page shows. Unset or 1:
 * full speed.
 */
export function cpuThrottleRate(): number {
  const raw = process.env.E2E_CPU_THROTTLE;
  if (!raw) return 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 1)
    throw new Error(`E2E_CPU_THROTTLE must be a number >= 1, not "${raw}"`);
  return rate;
}

/** The system Chromium, headless, with the flags above (and the CPU throttling asked for, if any). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const rate = cpuThrottleRate();
  if (rate > 1) throttleEveryPage(browser, rate);
  return browser;
}

/**
 * Slows every page the browser opens: the ones a test opens (throttled before `newPage` returns, so
 * before the first navigation) and the ones a page opens itself. The DevTools session stays attached
 * for the page's life, which is how long the throttling lasts.
 */
function throttleEveryPage(browser: Browser, rate: number) {
  const throttled = new WeakMap<Page, Promise<void>>();
  const throttle = (page: Page): Promise<void> => {
    let done = throttled.get(page);
    if (!done) {
      done = page
        .context()
        .newCDPSession(page)
        .then((session) => session.send('Emulation.setCPUThrottlingRate', { rate }))
        .then(() => undefined);
      throttled.set(page, done);
    }
    return done;
  };
  const watch = (context: BrowserContext) => {
    // Waits for what a page shows take as much longer as the page does.
    context.setDefaultTimeout(30_000 * rate);
    context.on('page', (page) => void throttle(page).catch(() => undefined));
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      await throttle(page);
      return page;
    };
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watch(await newContext(options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await throttle(page);
    return page;
  };
}
