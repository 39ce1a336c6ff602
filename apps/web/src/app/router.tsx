import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import HomePage from '../pages/HomePage.tsx';
import { useSiteStatus } from '../status/site-status.ts';
import { AppShell } from './AppShell.tsx';
import { HOME_ALIASES, HOME_PATH, ROUTES } from './routes.ts';

const PendingPage = lazy(() => import('../pages/PendingPage.tsx'));
const NotOfferedPage = lazy(() => import('../pages/NotOfferedPage.tsx'));
const GameListPage = lazy(() => import('../features/lobby/pages/GameListPage.tsx'));
const TrialGate = lazy(() => import('../features/auth/components/TrialGate.tsx'));
const MinePage = lazy(() => import('../features/member/MinePage.tsx'));
const NoticePage = lazy(() => import('../features/lobby/pages/NoticePage.tsx'));
const HelpPage = lazy(() => import('../features/help/HelpPage.tsx'));
const ContractPage = lazy(() => import('../features/agent/ContractPage.tsx'));
// An in-house game: full screen, outside the lobby's shell (no header or footer).
const GamePage = lazy(() => import('../features/play/pages/GamePage.tsx'));

/** The member centre; trial accounts get the trial prompt instead (spec §6). */
function GatedMinePage() {
  return (
    <TrialGate>
      <MinePage />
    </TrialGate>
  );
}

/** Route ids the lobby's game-list screen serves. */
const GAME_LIST_ROUTES = [
  'gameCenter',
  'provider',
  'liveGames',
  'slotGames',
  'sportGames',
  'esportsGames',
  'cockfightGames',
  'fishingGames',
  'pokerGames',
  'hotGames',
  'searchGames',
  'inHouse',
  'favGames',
  'recentGames',
  'inPlay',
];

/** Screens by route id, each a lazy chunk of its feature; a route not listed shows PendingPage. */
const PAGES: Record<string, ComponentType> = {
  home: HomePage,
  login: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  register: lazy(() => import('../features/auth/pages/RegisterPage.tsx')),
  forget: lazy(() => import('../features/password/ForgetPage.tsx')),
  changePsw: lazy(() => import('../features/password/ChangePasswordPage.tsx')),
  mine: GatedMinePage,
  myAccount: lazy(() => import('../features/member/MyAccountPage.tsx')),
  set: lazy(() => import('../features/member/SettingsPage.tsx')),
  securityCenter: lazy(() => import('../features/member/SecurityCentrePage.tsx')),
  voucherCenter: lazy(() => import('../features/payments/pages/DepositPage.tsx')),
  withdraw: lazy(() => import('../features/payments/pages/WithdrawPage.tsx')),
  responsibleGambling: lazy(() => import('../features/responsible-gambling/ResponsibleGamblingPage.tsx')),
  transactionRecord: lazy(() => import('../features/records/pages/AccountRecordPage.tsx')),
  gameRecord: lazy(() => import('../features/records/pages/BetRecordPage.tsx')),
  fairness: lazy(() => import('../features/play/pages/FairnessPage.tsx')),
  benefits: lazy(() => import('../features/vip/BenefitsPage.tsx')),
  manualRebate: lazy(() => import('../features/vip/ManualRebatePage.tsx')),
  rewardCenter: lazy(() => import('../features/rewards/RewardCenterPage.tsx')),
  help: HelpPage,
  helpDetail: HelpPage,
  legal: lazy(() => import('../features/legal/LegalPage.tsx')),
  jackpot: lazy(() => import('../features/lobby/pages/JackpotPage.tsx')),
  download: lazy(() => import('../features/help/DownloadPage.tsx')),
  inviteFriends: lazy(() => import('../features/invite/InviteFriendsPage.tsx')),
  agentHome: lazy(() => import('../features/agent/AgentHomePage.tsx')),
  // The spec's three contract pages: one screen, the kind read from the path.
  salaryContract: ContractPage,
  dividendContract: ContractPage,
  hourContract: ContractPage,
  webEmail: lazy(() => import('../features/inbox/InboxPage.tsx')),
  feedback: lazy(() => import('../features/inbox/FeedbackPage.tsx')),
  chat: lazy(() => import('../features/chat/ChatPage.tsx')),
  notice: NoticePage,
  noticeDetail: NoticePage,
  activity: lazy(() => import('../features/promotions/pages/ActivityPage.tsx')),
  activityDetail: lazy(() => import('../features/promotions/pages/ActivityDetailPage.tsx')),
  // Lottery (Tradition) and e-lottery (Entertainment): the in-house draw games.
  lott: lazy(() => import('../features/draws/DrawsPage.tsx')),
  elott: lazy(() => import('../features/draws/DrawsPage.tsx')),
  // 75-ball bingo (classification BG): the side menu's shortcut and the category bar lead here.
  bingo: lazy(() => import('../features/draws/BingoPage.tsx')),
  ...Object.fromEntries(GAME_LIST_ROUTES.map((id) => [id, GameListPage])),
};

const toHome = <Navigate to={HOME_PATH} replace />;

/** Route ids the router has no screen for: they show PendingPage ("coming soon"). */
export const PENDING_ROUTES: readonly string[] = ROUTES.filter((r) => !(r.id in PAGES)).map((r) => r.id);

function RoutePage({ id }: { id: string }) {
  const info = useSiteStatus()?.info;
  const flag = ROUTES.find((r) => r.id === id)?.flag;
  if (flag && info && !info.whitelabel[flag]) return <NotOfferedPage />;
  const Page = PAGES[id] ?? PendingPage;
  return <Page />;
}

/** Every spec route inside the shell; home aliases and unknown paths land on /m/home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/play/:code"
        element={
          <Suspense fallback={<div className="page-loader" aria-hidden="true" />}>
            <GamePage />
          </Suspense>
        }
      />
      <Route element={<AppShell />}>
        {ROUTES.flatMap((route) =>
          route.paths.map((path) => <Route key={path} path={path} element={<RoutePage id={route.id} />} />),
        )}
        {HOME_ALIASES.map((path) => (
          <Route key={path} path={path} element={toHome} />
        ))}
        <Route path="*" element={toHome} />
      </Route>
    </Routes>
  );
}
