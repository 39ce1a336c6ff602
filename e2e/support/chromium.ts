import { chromium, type Browser } from 'playwright-core';

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

/** The system Chromium, headless, with the flags above. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
