import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LANGUAGES } from '@playhouse/contract/languages';
import { boFetch, getToken, setToken, SIGNED_OUT_EVENT } from './api.ts';
import { setLanguage } from './i18n.ts';
import { AuditPage } from './pages/AuditPage.tsx';
import { EnrolmentPage } from './pages/EnrolmentPage.tsx';
import { IdentityReviewPage } from './pages/IdentityReviewPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { MoneyDeskPage } from './pages/MoneyDeskPage.tsx';
import { OutboxPage } from './pages/OutboxPage.tsx';
import { PaymentChannelsPage } from './pages/PaymentChannelsPage.tsx';
import { StaffRolesPage } from './pages/StaffRolesPage.tsx';
import { RewardsPage } from './pages/RewardsPage.tsx';
import { PromotionsPage } from './pages/PromotionsPage.tsx';
import { SecurityPage } from './pages/SecurityPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { WalletPage } from './pages/WalletPage.tsx';
import { HelpTopicsPage } from './pages/HelpTopicsPage.tsx';
import { ReferralsPage } from './pages/ReferralsPage.tsx';
import { InboxBroadcastsPage } from './pages/InboxBroadcastsPage.tsx';
import { FeedbackReviewPage } from './pages/FeedbackReviewPage.tsx';
import { VipRanksPage } from './pages/VipRanksPage.tsx';
import { DrawGamesPage } from './pages/DrawGamesPage.tsx';

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

function Console({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ['me'],
    queryFn: () => boFetch<{ username: string; role: string; enrolmentRequired: boolean }>('/bo/api/session'),
  });
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
  return (
    <div className="console">
      <aside className="nav">
        <div className="brand">
          <img src="/m/icon.svg" alt="" width="28" height="28" />
          <span>{t('app.title')}</span>
        </div>
        <nav>
          <NavLink to="/settings">{t('nav.settings')}</NavLink>
          <NavLink to="/outbox">{t('nav.outbox')}</NavLink>
          <NavLink to="/audit">{t('nav.audit')}</NavLink>
          <NavLink to="/security">{t('nav.security')}</NavLink>
          <NavLink to="/wallet">{t('nav.wallet')}</NavLink>
          <NavLink to="/money">{t('nav.money')}</NavLink>
          <NavLink to="/channels">{t('nav.channels')}</NavLink>
          <NavLink to="/identity">{t('nav.identity')}</NavLink>
          <NavLink to="/staff-roles">{t('roles.nav')}</NavLink>
          <NavLink to="/rewards">{t('rewards.nav')}</NavLink>
          <NavLink to="/promotions">{t('promotions.nav')}</NavLink>
          <NavLink to="/help">{t('helpTopics.nav')}</NavLink>
          <NavLink to="/referrals">{t('referrals.nav')}</NavLink>
          <NavLink to="/inbox">{t('inbox.nav')}</NavLink>
          <NavLink to="/feedback">{t('feedbackReview.nav')}</NavLink>
          <NavLink to="/vip">{t('vip.nav')}</NavLink>
          <NavLink to="/draws">{t('draws.nav')}</NavLink>
        </nav>
      </aside>
      <div className="main">
        <header className="topbar">
          <LanguagePicker />
          <span className="who">{me.data?.username}</span>
          <button type="button" className="btn" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </header>
        <main className="content">
          <Routes>
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/outbox" element={<OutboxPage />} />
            <Route path="/audit" element={<AuditPage />} />
            <Route path="/security" element={<SecurityPage />} />
            <Route path="/wallet" element={<WalletPage />} />
            <Route path="/money" element={<MoneyDeskPage />} />
            <Route path="/channels" element={<PaymentChannelsPage />} />
            <Route path="/identity" element={<IdentityReviewPage />} />
            <Route path="/staff-roles" element={<StaffRolesPage />} />
            <Route path="/rewards" element={<RewardsPage />} />
            <Route path="/promotions" element={<PromotionsPage />} />
            <Route path="/help" element={<HelpTopicsPage />} />
            <Route path="/referrals" element={<ReferralsPage />} />
            <Route path="/inbox" element={<InboxBroadcastsPage />} />
            <Route path="/feedback" element={<FeedbackReviewPage />} />
            <Route path="/vip" element={<VipRanksPage />} />
            <Route path="/draws" element={<DrawGamesPage />} />
            <Route path="*" element={<Navigate to="/settings" replace />} />
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
