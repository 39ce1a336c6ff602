import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { HOME_PATH } from '@playhouse/contract/site-page';
import { formatMoney } from '../../lib/money.ts';
import { useSignOut } from '../../session/session.ts';
import { Modal } from '../../shell/Modal.tsx';
import { useSessionSummary, type SessionSummary } from './api.ts';
import { formatDuration, nextCheckAt } from './rg-rules.ts';
import { BreakBanner } from './BreakBanner.tsx';
import './rg.css';
import { currencySymbol } from '@playhouse/contract/money';

/** The longest delay a browser timer keeps (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The reminder itself: time since sign-in and the net position over it, continue or sign out. */
function CheckDialog({ summary, onContinue }: { summary: SessionSummary; onContinue: () => void }) {
  const { t, i18n } = useTranslation('rg');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const net = Number(summary.net);
  const leave = async () => {
    await signOut();
    navigate(HOME_PATH);
  };
  return (
    <Modal title={t('check.title')} onClose={onContinue} className="rg-check-dialog">
      <dl className="rg-summary">
        <div>
          <dt>{t('check.time')}</dt>
          <dd>{formatDuration(summary.now - summary.signedInAt, tag)}</dd>
        </div>
        <div>
          <dt>{t('check.net')}</dt>
          <dd className={net < 0 ? 'rg-loss' : net > 0 ? 'rg-gain' : ''}>
            {/* A signed amount reads left to right in every language (the minus stays in front). */}
            <span dir="ltr">
              {net > 0 ? '+' : net < 0 ? '-' : ''}
              {currencySymbol(summary.currency)}
              {formatMoney(Math.abs(net))}
            </span>
          </dd>
        </div>
      </dl>
      <p className="rg-muted">
        {t('check.detail', {
          staked: formatMoney(Number(summary.staked)),
          won: formatMoney(Number(summary.won)),
        })}
      </p>
      <p className="modal-text">{t('check.text')}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void leave()}>
          {t('check.signOut')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          {t('check.continue')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Reality checks while signed in (money.md "Player protection"): every N minutes after sign-in, as
 * the member chose, a dialog with the session time and net position fetched fresh from the server;
 * and the break the member is taking, on every page while it lasts. Loaded lazily by the shell for
 * members only.
 */
export default function RealityCheck() {
  const { data, dataUpdatedAt, refetch } = useSessionSummary();
  const [shown, setShown] = useState<SessionSummary>();

  useEffect(() => {
    if (!data?.realityCheckMinutes || shown) return;
    // Scheduled on the server's clock, offset by the difference seen when the answer arrived.
    const skew = data.now - dataUpdatedAt;
    const due = nextCheckAt(data.signedInAt, data.realityCheckMinutes, Date.now() + skew);
    const timer = window.setTimeout(
      () =>
        void refetch().then(({ data: fresh }) => {
          // Turned off meanwhile (on another device, say): nothing to show.
          if (fresh?.realityCheckMinutes) setShown(fresh);
        }),
      Math.max(0, due - (Date.now() + skew)),
    );
    return () => window.clearTimeout(timer);
  }, [data, dataUpdatedAt, shown, refetch]);

  // When the break ends, the summary is asked again and the strip goes.
  const breakEnds = data?.breakUntil?.until;
  useEffect(() => {
    if (!data || breakEnds === undefined) return;
    const skew = data.now - dataUpdatedAt;
    const timer = window.setTimeout(
      () => void refetch(),
      Math.min(MAX_TIMER_MS, Math.max(0, breakEnds - (Date.now() + skew)) + 1000),
    );
    return () => window.clearTimeout(timer);
  }, [data, dataUpdatedAt, breakEnds, refetch]);

  return (
    <>
      {/* A break shows on every page while it lasts, not only when a stake or deposit is refused. */}
      {data?.breakUntil && <BreakBanner value={data.breakUntil} className="rg-break-strip" />}
      {shown && <CheckDialog summary={shown} onContinue={() => setShown(undefined)} />}
    </>
  );
}
