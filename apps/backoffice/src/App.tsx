import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LANGUAGES } from '@playhouse/contract/languages';
import type { RoutePermission } from '@playhouse/contract/staff-permissions';
import { boFetch, getToken, SESSION_CHANGED_EVENT, setToken, SIGNED_OUT_EVENT } from './api.ts';
import { setLanguage } from './i18n.ts';
import { AuditPage } from './pages/AuditPage.tsx';
import { EnrolmentPage } from './pages/EnrolmentPage.tsx';
import { IdentityReviewPage } from './pages/IdentityReviewPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { MoneyDeskPage } from './pages/MoneyDeskPage.tsx';
import { OutboxPage } from './pages/OutboxPage.tsx';
import { PaymentChannelsPage } from './pages/PaymentChannelsPage.tsx';
import { StaffPage } from './pages/StaffPage.tsx';
import { PasswordChangePage, PasswordGate } from './pages/PasswordPage.tsx';
import { ME_KEY, useMe, useStaffRole } from './pages/use-staff-role.ts';
import { RewardsPage } from './pages/RewardsPage.tsx';
import { PromotionsPage } from './pages/PromotionsPage.tsx';
import { SecurityPage } from './pages/SecurityPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { WalletPage } from './pages/WalletPage.tsx';
import { HelpTopicsPage } from './pages/HelpTopicsPage.tsx';
import { LegalDocumentsPage } from './pages/LegalDocumentsPage.tsx';
import { ReferralsPage } from './pages/ReferralsPage.tsx';
import { AgentsPage } from './pages/AgentsPage.tsx';
import { InboxBroadcastsPage } from './pages/InboxBroadcastsPage.tsx';
import { FeedbackReviewPage } from './pages/FeedbackReviewPage.tsx';
import { VipRanksPage } from './pages/VipRanksPage.tsx';
import { ChatConsolePage } from './pages/ChatConsolePage.tsx';
import { DrawGamesPage } from './pages/DrawGamesPage.tsx';

// Agent contracts and commissions: their own chunks, loaded when opened.
const AgentContractsPage = lazy(() => import('./pages/AgentContractsPage.tsx'));
const AgentCommissionsPage = lazy(() => import('./pages/AgentCommissionsPage.tsx'));
// The member desk (issue 23): search and the member's page.
const MembersPage = lazy(() => import('./pages/MembersPage.tsx'));
const MemberPage = lazy(() => import('./pages/MemberPage.tsx'));
const ContentPage = lazy(() => import('./pages/ContentPage.tsx'));
const GamesPage = lazy(() => import('./pages/GamesPage.tsx'));
// Dashboard and reports: their own chunks (the charts come with the dashboard's).
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
const ReportsPage = lazy(() => import('./pages/ReportsPage.tsx'));
const lazyPage = (page: ReactNode) => <Suspense fallback={<p className="empty">…</p>}>{page}</Suspense>;

function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="language-picker"
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(e) => void setLanguage(e.target.value)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.tag}>
          {l.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The console's pages, each with the permission it needs (the matrix the server enforces): a role
 * that lacks it sees neither the menu entry nor the page. Pages that only read what everybody may read
 * but exist to edit it (settings, help topics, broadcasts) ask for the editing permission.
 */
const PAGES: { path: string; label: string; permission: RoutePermission; element: ReactNode }[] = [
  { path: '/settings', label: 'nav.settings', permission: 'settings.write', element: <SettingsPage /> },
  { path: '/members', label: 'members.nav', permission: 'members.read', element: lazyPage(<MembersPage />) },
  {
    path: '/content',
    label: 'contentBo.nav',
    permission: 'content.write',
    element: lazyPage(<ContentPage />),
  },
  { path: '/games', label: 'gamesBo.nav', permission: 'settings.read', element: lazyPage(<GamesPage />) },
  {
    path: '/dashboard',
    label: 'dashboard.nav',
    permission: 'reports.read',
    element: lazyPage(<DashboardPage />),
  },
  { path: '/reports', label: 'reports.nav', permission: 'reports.read', element: lazyPage(<ReportsPage />) },
  { path: '/outbox', label: 'nav.outbox', permission: 'outbox.read', element: <OutboxPage /> },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read', element: <AuditPage /> },
  { path: '/security', label: 'nav.security', permission: 'self', element: <SecurityPage /> },
  { path: '/wallet', label: 'nav.wallet', permission: 'ledger.read', element: <WalletPage /> },
  { path: '/money', label: 'nav.money', permission: 'money.read', element: <MoneyDeskPage /> },
  { path: '/channels', label: 'nav.channels', permission: 'money.summary', element: <PaymentChannelsPage /> },
  { path: '/identity', label: 'nav.identity', permission: 'money.read', element: <IdentityReviewPage /> },
  { path: '/staff', label: 'staff.nav', permission: 'staff.read', element: <StaffPage /> },
  { path: '/rewards', label: 'rewards.nav', permission: 'rewards.read', element: <RewardsPage /> },
  {
    path: '/promotions',
    label: 'promotions.nav',
    permission: 'promotions.read',
    element: <PromotionsPage />,
  },
  { path: '/help', label: 'helpTopics.nav', permission: 'content.write', element: <HelpTopicsPage /> },
  { path: '/legal', label: 'legalDocs.nav', permission: 'content.write', element: <LegalDocumentsPage /> },
  { path: '/referrals', label: 'referrals.nav', permission: 'referrals.read', element: <ReferralsPage /> },
  { path: '/agents', label: 'agents.nav', permission: 'agents.read', element: <AgentsPage /> },
  {
    path: '/agent-contracts',
    label: 'agentContracts.nav',
    permission: 'agents.read',
    element: lazyPage(<AgentContractsPage />),
  },
  {
    path: '/agent-commissions',
    label: 'commissions.nav',
    permission: 'agents.read',
    element: lazyPage(<AgentCommissionsPage />),
  },
  { path: '/inbox', label: 'inbox.nav', permission: 'content.write', element: <InboxBroadcastsPage /> },
  {
    path: '/feedback',
    label: 'feedbackReview.nav',
    permission: 'members.read',
    element: <FeedbackReviewPage />,
  },
  { path: '/vip', label: 'vip.nav', permission: 'rewards.read', element: <VipRanksPage /> },
  { path: '/draws', label: 'draws.nav', permission: 'draws.read', element: <DrawGamesPage /> },
  { path: '/chat', label: 'chat.nav', permission: 'chat.answer', element: <ChatConsolePage /> },
];

/** The bar over every page: language, who is signed in, their password and signing out. */
function TopBar({ username, onSignOut }: { username: string | undefined; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <LanguagePicker />
      <span className="who">{username}</span>
      <NavLink to="/password" className="btn">
        {t('password.nav')}
      </NavLink>
      <button type="button" className="btn" onClick={onSignOut}>
        {t('nav.signOut')}
      </button>
    </header>
  );
}

function Console({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useMe();
  const { can } = useStaffRole();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: ME_KEY });
    window.addEventListener(SESSION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, reload);
  }, [queryClient]);
  const signOut = async () => {
    await boFetch('/bo/api/session', { method: 'DELETE' }).catch(() => undefined);
    onSignOut();
  };
  if (!me.data) return me.error ? <p className="alert">{me.error.message}</p> : null;
  // Signed in only to set up the second factor the settings require: nothing else until it is on.
  if (me.data.enrolmentRequired)
    return (
      <EnrolmentPage
        username={me.data.username}
        languagePicker={<LanguagePicker />}
        onSignOut={() => void signOut()}
        onEnrolled={(token) => {
          if (token) setToken(token);
          void queryClient.resetQueries();
        }}
      />
    );
  // A password somebody else chose: the server answers nothing else until it is changed.
  if (me.data.passwordChangeRequired)
    return (
      <PasswordGate
        username={me.data.username}
        languagePicker={<LanguagePicker />}
        onSignOut={() => void signOut()}
        onChanged={() => void queryClient.resetQueries()}
      />
    );
  const pages = PAGES.filter((p) => can(p.permission));
  return (
    <div className="console">
      <aside className="nav">
        <div className="brand">
          <img src="/m/icon.svg" alt="" width="28" height="28" />
          <span>{t('app.title')}</span>
        </div>
        <nav>
          {pages.map((p) => (
            <NavLink key={p.path} to={p.path}>
              {t(p.label)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="main">
        <TopBar username={me.data.username} onSignOut={() => void signOut()} />
        <main className="content">
          <Routes>
            {pages.map((p) => (
              <Route key={p.path} path={p.path} element={p.element} />
            ))}
            {can('members.read') && <Route path="/members/:id" element={lazyPage(<MemberPage />)} />}
            <Route path="/password" element={<PasswordChangePage />} />
            <Route path="*" element={<Navigate to={pages[0]?.path ?? '/password'} replace />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

/** The operator console: sign-in, then settings, outbox and audit log. */
export function App() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => Boolean(getToken()));
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  useEffect(() => {
    const onSignedOut = () => setSignedIn(false);
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  if (!signedIn) {
    return (
      <LoginPage
        onSignedIn={(token) => {
          setToken(token);
          setSignedIn(true);
        }}
        languagePicker={<LanguagePicker />}
      />
    );
  }
  return (
    <Console
      onSignOut={() => {
        setToken(null);
        queryClient.clear();
        setSignedIn(false);
      }}
    />
  );
}
