import type { CheckIn, Mission, RewardCentre } from '@playhouse/contract/rewards';
import { MONEY_MISSIONS } from '@playhouse/contract/rewards';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSession, useWallet } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useClaim, useRewardCentre } from './api.ts';
import './rewards.css';

const money = (amount: string, symbol: string) => `${symbol}${formatMoney(Number(amount))}`;
/** A value set inside a sentence in its own direction (an amount in Arabic text stays whole). */
const isolate = (value: string) => `\u2068${value}\u2069`;

/** Where a mission's "go" button takes the member to make progress. */
const MISSION_LINKS: Record<Mission['type'], string | undefined> = {
  wager: '/m/inHouse',
  games: '/m/inHouse',
  deposit: '/m/voucherCenter',
  login: undefined,
};

function useClaimAction() {
  const { t } = useTranslation('rewards');
  const claim = useClaim();
  const run = async (what: Parameters<typeof claim.mutateAsync>[0], symbol: string) => {
    try {
      const result = await claim.mutateAsync(what);
      showToast(
        what.kind === 'checkin'
          ? t('checkIn.success', { amount: isolate(money(result.amount, symbol)) })
          : t('missions.success', { amount: isolate(money(result.amount, symbol)) }),
        { kind: 'success' },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server's message is already in the member's language (not earned, already claimed, …).
      showToast(error.message, { kind: 'error' });
    }
  };
  return { run, pending: claim.isPending, variables: claim.variables };
}

function CheckInCard({ checkIn, symbol }: { checkIn: CheckIn; symbol: string }) {
  const { t } = useTranslation('rewards');
  const { run, pending } = useClaimAction();
  // Days of the cycle up to today's are done when checked in today, else those before it.
  const doneUpTo = checkIn.checkedInToday ? checkIn.todayIndex : checkIn.todayIndex - 1;
  return (
    <section className="rw-card" aria-labelledby="rw-checkin-title">
      <div className="rw-card-head">
        <h2 className="rw-title" id="rw-checkin-title">
          {t('checkIn.title')}
        </h2>
        <span className="rw-streak" data-testid="checkin-streak">
          {checkIn.streak > 0 ? t('checkIn.streak', { count: checkIn.streak }) : t('checkIn.none')}
        </span>
      </div>
      <ol className="rw-days">
        {checkIn.days.map((amount, i) => {
          const day = i + 1;
          const state = day <= doneUpTo ? 'done' : day === checkIn.todayIndex ? 'today' : 'later';
          return (
            <li
              key={day}
              className={`rw-day rw-day-${state}`}
              aria-current={day === checkIn.todayIndex ? 'date' : undefined}
            >
              <span className="rw-day-label">{t('checkIn.day', { day })}</span>
              {state === 'done' ? <Icon name="check" size={18} /> : <Icon name="gift" size={18} />}
              <span className="rw-day-amount" dir="ltr">
                {money(amount, symbol)}
              </span>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={checkIn.checkedInToday || pending}
        onClick={() => void run({ kind: 'checkin' }, symbol)}
      >
        {checkIn.checkedInToday ? t('checkIn.done') : t('checkIn.button')}
      </button>
      <p className="rw-muted">{t('checkIn.hint')}</p>
    </section>
  );
}

function MissionRow({ mission, symbol }: { mission: Mission; symbol: string }) {
  const { t } = useTranslation('rewards');
  const { run, pending } = useClaimAction();
  const isMoney = MONEY_MISSIONS.includes(mission.type);
  const show = (v: string) => (isMoney ? money(v, symbol) : v);
  const share =
    Number(mission.target) > 0 ? Math.min(1, Number(mission.progress) / Number(mission.target)) : 1;
  const link = MISSION_LINKS[mission.type];
  const title = t(`missions.${mission.type}.title`, { target: isolate(show(mission.target)) });
  return (
    <li className="rw-mission" data-testid={`mission-${mission.id}`}>
      <div className="rw-mission-main">
        <strong className="rw-mission-title">{title}</strong>
        <span className="rw-mission-reward">
          <Icon name="gift" size={16} />
          <span dir="ltr">{money(mission.reward, symbol)}</span>
        </span>
      </div>
      {mission.type !== 'login' && (
        <div className="rw-progress-row">
          <div
            className="rw-progress"
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
          >
            <span style={{ inlineSize: `${share * 100}%` }} />
          </div>
          <span className="rw-progress-text" dir="ltr">
            {show(mission.progress)} / {show(mission.target)}
          </span>
        </div>
      )}
      <div className="rw-mission-foot">
        <span className="rw-muted">
          {mission.turnoverMultiple > 0
            ? t('missions.turnover', { multiple: mission.turnoverMultiple })
            : t('missions.noTurnover')}
        </span>
        {mission.status === 'claimed' ? (
          <span className="rw-claimed">
            <Icon name="check" size={16} />
            {t('missions.claimed')}
          </span>
        ) : mission.status === 'claimable' ? (
          <button
            type="button"
            className="btn btn-primary rw-claim"
            disabled={pending}
            onClick={() => void run({ kind: 'mission', id: mission.id }, symbol)}
          >
            {t('missions.claim')}
          </button>
        ) : link ? (
          <Link className="btn btn-ghost rw-claim" to={link}>
            {t('missions.go')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function Missions({ centre, symbol }: { centre: RewardCentre; symbol: string }) {
  const { t } = useTranslation('rewards');
  return (
    <section className="rw-card" aria-labelledby="rw-missions-title">
      <div className="rw-card-head">
        <h2 className="rw-title" id="rw-missions-title">
          {t('missions.title')}
        </h2>
        <span className="rw-muted" dir="ltr">
          {centre.day}
        </span>
      </div>
      {centre.missions.length ? (
        <ul className="rw-missions">
          {centre.missions.map((m) => (
            <MissionRow key={m.id} mission={m} symbol={symbol} />
          ))}
        </ul>
      ) : (
        <p className="rw-muted">{t('missions.empty')}</p>
      )}
      <p className="rw-muted">{t('resets', { timeZone: centre.timeZone })}</p>
    </section>
  );
}

/** /m/rewardCenter: daily check-in with its streak, today's missions and their rewards. */
export default function RewardCenterPage() {
  const { t } = useTranslation('rewards');
  const session = useSession();
  const centre = useRewardCentre();
  const wallet = useWallet();
  if (!session) return <Navigate to="/m/login" replace />;
  const symbol = wallet.data?.currencySymbol ?? '';
  const data = centre.data;
  return (
    <div className="rw-page">
      <section className="rw-hero">
        <Icon name="gift" size={34} />
        <div>
          <h1>{t('title')}</h1>
          <p className="rw-muted">{t('intro')}</p>
        </div>
      </section>
      {centre.isPending && <div className="rw-skeleton" aria-hidden="true" />}
      {centre.error && (
        <p className="rw-state" role="alert">
          {centre.error.message}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void centre.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {data && (
        <>
          {data.checkIn.enabled && <CheckInCard checkIn={data.checkIn} symbol={symbol} />}
          <Missions centre={data} symbol={symbol} />
        </>
      )}
    </div>
  );
}
