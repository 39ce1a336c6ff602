import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import HomePage from '../pages/HomePage.tsx';
import { AppShell } from './AppShell.tsx';
import { HOME_ALIASES, HOME_PATH, ROUTES } from './routes.ts';

const PendingPage = lazy(() => import('../pages/PendingPage.tsx'));
const GameListPage = lazy(() => import('../features/lobby/pages/GameListPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage.tsx'));
const TrialGate = lazy(() => import('../features/auth/components/TrialGate.tsx'));

/** Screens by route id, each a lazy chunk of its feature. */
const PAGES: Record<string, ComponentType> = {
  forget: lazy(() => import('../features/password/ForgetPage.tsx')),
  changePsw: lazy(() => import('../features/password/ChangePasswordPage.tsx')),
  mine: lazy(() => import('../features/member/MinePage.tsx')),
  myAccount: lazy(() => import('../features/member/MyAccountPage.tsx')),
  set: lazy(() => import('../features/member/SettingsPage.tsx')),
  securityCenter: lazy(() => import('../features/member/SecurityCentrePage.tsx')),
};

/** Route ids the lobby's game-list screen serves. */
const GAME_LIST_ROUTES = new Set([
  'gameCenter',
  'provider',
  'liveGames',
  'slotGames',
  'sportGames',
  'fishingGames',
  'pokerGames',
  'lott',
  'elott',
  'hotGames',
  'searchGames',
  'inHouse',
  'favGames',
  'inPlay',
]);

const toHome = <Navigate to={HOME_PATH} replace />;

function RoutePage({ id }: { id: string }) {
  const Page = PAGES[id]!;
  return <Page />;
}

/** Every spec route inside the shell; home aliases and unknown paths land on /m/home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {ROUTES.flatMap((route) =>
          route.paths.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                route.id === 'home' ? (
                  <HomePage />
                ) : route.id === 'login' ? (
                  <LoginPage />
                ) : route.id === 'register' ? (
                  <RegisterPage />
                ) : GAME_LIST_ROUTES.has(route.id) ? (
                  <GameListPage />
                ) : route.id === 'mine' ? (
                  <TrialGate>
                    <RoutePage id={route.id} />
                  </TrialGate>
                ) : PAGES[route.id] ? (
                  <RoutePage id={route.id} />
                ) : (
                  <PendingPage />
                )
              }
            />
          )),
        )}
        {HOME_ALIASES.map((path) => (
          <Route key={path} path={path} element={toHome} />
        ))}
        <Route path="*" element={toHome} />
      </Route>
    </Routes>
  );
}
