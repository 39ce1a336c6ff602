import { lazy, Suspense } from 'react';
import { whenSettled } from '../lib/when-settled.ts';
import { useShell } from './shell-state.tsx';

// Panels open on demand, so they stay out of the first download and are fetched once the page has
// loaded and the browser is idle.
const load = {
  side: () => import('./SideMenu.tsx'),
  dropdown: () => import('./HeaderMenu.tsx'),
  logout: () => import('./LogoutDialog.tsx'),
  download: () => import('./DownloadPopup.tsx'),
  service: () => import('./ServiceSheet.tsx'),
};
const SideMenu = lazy(load.side);
const HeaderMenu = lazy(load.dropdown);
const LogoutDialog = lazy(load.logout);
const DownloadPopup = lazy(load.download);
const ServiceSheet = lazy(load.service);

export function preloadPanels(): () => void {
  return whenSettled(() => Object.values(load).forEach((l) => void l().catch(() => undefined)));
}

/** The open panel of the shell, if any. */
export function Panels() {
  const { panel } = useShell();
  if (panel === 'none') return null;
  return (
    <Suspense fallback={null}>
      {panel === 'side' && <SideMenu />}
      {panel === 'dropdown' && <HeaderMenu />}
      {panel === 'logout' && <LogoutDialog />}
      {panel === 'download' && <DownloadPopup />}
      {panel === 'service' && <ServiceSheet />}
    </Suspense>
  );
}
