import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import HomePage from '../pages/HomePage.tsx';
import { AppShell } from './AppShell.tsx';
import { HOME_ALIASES, HOME_PATH, ROUTES } from './routes.ts';

const PendingPage = lazy(() => import('../pages/PendingPage.tsx'));

const toHome = <Navigate to={HOME_PATH} replace />;

/** Every spec route inside the shell; home aliases and unknown paths land on /m/home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {ROUTES.flatMap((route) =>
          route.paths.map((path) => (
            <Route key={path} path={path} element={route.id === 'home' ? <HomePage /> : <PendingPage />} />
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
