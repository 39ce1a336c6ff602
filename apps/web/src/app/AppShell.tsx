import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../shell/RouteErrorBoundary.tsx';
import { TOAST_MS } from '../lib/timing.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { usePlatform } from '../lib/use-platform.ts';
import { FloatingService } from '../shell/FloatingService.tsx';
import { Footer } from '../shell/Footer.tsx';
import { Header, useGoBack } from '../shell/Header.tsx';
import { useShell } from '../shell/shell-state.tsx';
import { Panels, preloadPanels } from '../shell/Panels.tsx';
import { showToast, Toaster } from '../shell/toast.tsx';
import { useSwipeBack } from '../shell/use-swipe-back.ts';
import { useSession } from '../session/session.ts';
import { STATUS_CODE, useSiteStatus } from '../status/site-status.ts';
import { HOME_PATH, routeFor } from './routes.ts';

// Rarely shown, so kept out of the first script: status screens only when the site is closed, the
// add-to-home-screen tip only on iOS.
const MaintenanceScreen = lazy(() =>
  import('../status/StatusScreens.tsx').then((m) => ({ default: m.MaintenanceScreen })),
);
const BlockedScreen = lazy(() =>
  import('../status/StatusScreens.tsx').then((m) => ({ default: m.BlockedScreen })),
);
const IosTip = lazy(() => import('../shell/IosTip.tsx').then((m) => ({ default: m.IosTip })));
// Reality checks run only for a signed-in member, so guests never download them.
const RealityCheck = lazy(() => import('../features/responsible-gambling/RealityCheck.tsx'));
// The contract check at sign-in (spec §6, §8): only for a signed-in member, in its own chunk.
const ContractPrompt = lazy(() => import('../features/agent/ContractPrompt.tsx'));

function PageLoader() {
  return <div className="page-loader" aria-hidden="true" />;
}

/**
 * The iOS add-to-home-screen tip: a popup of the browser's own, never part of a page the server
 * rendered. A component of its own, so that learning the platform once hydration is over re-renders
 * only this, not the whole shell (React re-renders such a change at once, in one task).
 */
function IosTipSlot() {
  const platform = usePlatform();
  const hydrated = useHydrated();
  if (!platform.ios || !hydrated) return null;
  return (
    <Suspense>
      <IosTip />
    </Suspense>
  );
}

/**
 * The reality-check reminder (decision 013), while a member is signed in. A server-rendered page
 * is a guest's (useSession is undefined while hydrating), so nothing here can mismatch it.
 */
function RealityCheckSlot() {
  return useSession() ? (
    <Suspense>
      <RealityCheck />
      <ContractPrompt />
    </Suspense>
  ) : null;
}

/** Header, page, footer and the shell's panels; the status screens replace everything. */
export function AppShell() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { pathname } = useLocation();
  const route = routeFor(pathname);
  const { close } = useShell();
  const goBack = useGoBack();
  const main = useRef<HTMLElement>(null);
  // The first page appears as soon as it paints; pages reached afterwards fade in.
  const [firstPath] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPath) setNavigated(true);
  useSwipeBack(main, pathname !== HOME_PATH, goBack);

  useEffect(() => {
    close();
    document.title = `${t(`titles.${route?.id ?? 'home'}`)} · ${status?.info.siteName ?? 'Playhouse'}`;
    window.scrollTo(0, 0);
    // Only a route change should close panels and retitle the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, t]);

  useEffect(() => preloadPanels(), []);

  useEffect(() => {
    const offline = () => showToast(t('toast.offline'), { kind: 'error', durationMs: TOAST_MS.offline });
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, [t]);

  if (status?.status === STATUS_CODE.MAINTENANCE)
    return (
      <Suspense fallback={<PageLoader />}>
        <MaintenanceScreen />
      </Suspense>
    );
  if (status?.status === STATUS_CODE.BLOCKED)
    return (
      <Suspense fallback={<PageLoader />}>
        <BlockedScreen status={status} />
      </Suspense>
    );
  return (
    <div className="app" data-route={route?.id}>
      <Header />
      {/* Before the page: a running break shows as a strip under the header (its dialogs float). */}
      <RealityCheckSlot />
      <main ref={main} className={navigated ? 'page page-enter' : 'page'} key={pathname}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <FloatingService />
      <IosTipSlot />
      <Panels />
      <Toaster />
    </div>
  );
}
