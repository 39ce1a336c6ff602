import type { FirstScreen, FirstScreenData } from '@playhouse/contract/site-page';

let cached: FirstScreen | null | undefined;

function firstScreen(): FirstScreen | null {
  if (cached === undefined) {
    try {
      const text = document.getElementById('first-screen')?.textContent;
      cached = text ? (JSON.parse(text) as FirstScreen) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

/** When the page was loaded: the age of what it carries. */
export const firstScreenAt = Date.now();

/**
 * A part of home's first screen as a guest sees it in `language`, if the page carries it: the
 * screen then shows it on its first render, as the server rendered it, instead of after a request.
 */
export function firstScreenData<K extends keyof FirstScreenData>(
  part: K,
  language?: string,
): FirstScreenData[K] | undefined {
  const data = firstScreen();
  if (!data || (language !== undefined && data.language !== language)) return undefined;
  return data[part];
}
