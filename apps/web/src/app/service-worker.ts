import i18n from 'i18next';
import { TIMING } from '../lib/timing.ts';
import { showToast } from '../shell/toast.tsx';

/**
 * Registers the service worker and offers a reload when a new version is waiting: it checks for
 * updates every 60 s and reports the waiting state 200 ms after it appears.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker
      .register('/m/sw.js', { scope: '/m/' })
      .then((registration) => {
        const offer = () => {
          const waiting = registration.waiting;
          if (!waiting || !navigator.serviceWorker.controller) return;
          setTimeout(() => {
            showToast(i18n.t('toast.updateReady'), {
              durationMs: TIMING.swUpdateIntervalMs,
              action: { label: i18n.t('toast.reload'), run: () => waiting.postMessage('SKIP_WAITING') },
            });
          }, TIMING.swWaitingReportMs);
        };
        registration.addEventListener('updatefound', () => {
          registration.installing?.addEventListener('statechange', offer);
        });
        offer();
        setInterval(() => void registration.update().catch(() => undefined), TIMING.swUpdateIntervalMs);
      })
      .catch(() => undefined);
    // A first install takes control of this page without a reload; only a new version replacing an
    // old one reloads (otherwise every first visit loads twice).
    const hadController = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading || !hadController) return;
      reloading = true;
      window.location.reload();
    });
  };
  // The app starts after the status and language arrive, which may be after the load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
