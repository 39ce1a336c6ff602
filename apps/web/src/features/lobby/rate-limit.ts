/** A timer API, so the rules below are testable with a fake clock. */
export interface Clock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Calls `fn` once calls have paused for `ms`, with the last arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, clock = realClock) {
  let timer: unknown;
  const run = (...args: A) => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  run.cancel = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  return run;
}

/**
 * Calls `fn` at once, then ignores calls until `ms` have passed (leading edge only: a load-more
 * that arrives during the pause is dropped; the next scroll asks again).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, clock = realClock) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const now = clock.now();
    if (now - last < ms) return false;
    last = now;
    fn(...args);
    return true;
  };
}
