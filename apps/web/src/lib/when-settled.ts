/**
 * Runs `task` once the page has finished loading and the browser is next idle (at the latest
 * `timeoutMs` after the load), and returns a function that cancels it. Work that can wait (fetching
 * panels, decorative motion) is kept out of the first seconds, where every frame and task competes
 * with the page becoming usable on a slow phone.
 */
export function whenSettled(task: () => void, timeoutMs = 3000): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    // Safari has no idle callbacks: a short delay stands in.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, Math.min(timeoutMs, 1000));
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
