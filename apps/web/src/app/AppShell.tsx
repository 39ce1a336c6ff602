import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { TOAST_MS } from '../lib/timing.ts';
import { FloatingService } from '../shell/FloatingService.tsx';
import { Footer } from '../shell/Footer.tsx';
import { Header, useGoBack } from '../shell/Header.tsx';
import { IosTip } from '../shell/IosTip.tsx';
import { useShell } from '../shell/shell-state.tsx';
import { Panels, preloadPanels } from '../shell/Panels.tsx';
import { showToast, Toaster } from '../shell/toast.tsx';
import { useSwipeBack } from '../shell/use-swipe-back.ts';
import { STATUS_CODE, useSiteStatus } from '../status/site-status.ts';
import { BlockedScreen, MaintenanceScreen } from '../status/StatusScreens.tsx';
import { HOME_PATH, routeFor } from './routes.ts';

function PageLoader() {
  return <div className="page-loader" aria-hidden="true" />;
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

  if (status?.status === STATUS_CODE.MAINTENANCE) return <MaintenanceScreen />;
  if (status?.status === STATUS_CODE.BLOCKED) return <BlockedScreen status={status} />;
  return (
    <div className="app" data-route={route?.id}>
      <Header />
      <main ref={main} className="page" key={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <FloatingService />
      <IosTip />
      <Panels />
      <Toaster />
    </div>
  );
}
