import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useClaimRebate, useRebate, useRebateHistory, type RebateSummary } from './api.ts';
import { GuestPrompt, money, TRIAL_TYPE, useDate, useTimeIn } from './shared.tsx';
import './vip.css';

/** What has accrued since the last claim, by game type, and the claim button. */
function AccruedCard({ rebate }: { rebate: RebateSummary }) {
  const { t } = useTranslation('vip');
  const claim = useClaimRebate();
  const when = useTimeIn(rebate.timeZone);
  const amount = money(rebate.amount);
  const canClaim = !rebate.claimed && Number(rebate.amount) > 0;

  const submit = async () => {
    try {
      const done = await claim.mutateAsync();
      showToast(t('rebate.claimed', { amount: money(done.amount) }), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };

  return (
    <section className="vip-card" aria-labelledby="rebate-title">
      <div className="vip-rebate-head">
        <div>
          <h2 className="vip-title" id="rebate-title">
            {t('rebate.title')}
          </h2>
          {rebate.rankName && <p className="vip-muted">{t('rebate.rank', { name: rebate.rankName })}</p>}
        </div>
        <p className="vip-amount" data-testid="rebate-amount">
          {amount}
        </p>
      </div>
      <p className="vip-muted">{t('rebate.since')}</p>
      {rebate.lines.length ? (
        <table className="vip-table">
          <thead>
            <tr>
              <th scope="col">{t('rebate.category')}</th>
              <th scope="col">{t('rebate.bets')}</th>
              <th scope="col">{t('rebate.rate')}</th>
              <th scope="col">{t('rebate.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rebate.lines.map((l) => (
              <tr key={l.category} data-testid={`rebate-line-${l.category}`}>
                <th scope="row">{t(`categories.${l.category}`)}</th>
                <td>{money(l.turnover)}</td>
                <td>
                  <bdi>{l.ratePercent}%</bdi>
                </td>
                <td>{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('rebate.total')}</th>
              <td>{money(rebate.turnover)}</td>
              <td />
              <td>{amount}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="vip-empty">{t('rebate.empty')}</p>
      )}
      {rebate.claimed ? (
        <p className="vip-notice" role="status">
          <Icon name="check" size={18} />
          <span>{t('rebate.claimedToday', { time: when(rebate.nextPeriodAt) })}</span>
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!canClaim || claim.isPending}
          onClick={() => void submit()}
        >
          {claim.isPending ? t('rebate.claiming') : t('rebate.claim', { amount })}
        </button>
      )}
      <p className="vip-muted">{t('rebate.once', { zone: rebate.timeZone })}</p>
      <p className="vip-muted">{t('rebate.wagering')}</p>
    </section>
  );
}

function History() {
  const { t } = useTranslation('vip');
  const history = useRebateHistory();
  const date = useDate({ dateStyle: 'medium', timeStyle: 'short' });
  const claims = history.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="vip-card" aria-labelledby="rebate-history">
      <h2 className="vip-title" id="rebate-history">
        {t('rebate.historyTitle')}
      </h2>
      {history.isError ? (
        <p className="vip-muted" role="alert">
          {history.error instanceof ApiError ? history.error.message : t('loadError')}
        </p>
      ) : claims.length ? (
        <ul className="vip-list" data-testid="rebate-history">
          {claims.map((c) => (
            <li key={c.claimId}>
              <span>
                {date(c.createdAt)}
                <span className="vip-muted vip-list-sub">
                  {t('rebate.bets')} {money(c.turnover)}
                </span>
              </span>
              <strong className="vip-plus" dir="ltr">
                +{money(c.amount)}
              </strong>
            </li>
          ))}
        </ul>
      ) : history.isPending ? (
        <div className="vip-skeleton vip-skeleton-sm" aria-hidden="true" />
      ) : (
        <p className="vip-empty">{t('rebate.historyEmpty')}</p>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('rebate.more')}
        </button>
      )}
    </section>
  );
}

/** /m/member/manualRebate: the rebate on valid bets at the member's VIP rate, claimed once a day. */
export default function ManualRebatePage() {
  const { t } = useTranslation('vip');
  const session = useSession();
  const rebate = useRebate();
  if (!session || session.type === TRIAL_TYPE) return <GuestPrompt trial={Boolean(session)} kind="rebate" />;
  return (
    <div className="vip-page">
      {rebate.data ? (
        <>
          <AccruedCard rebate={rebate.data} />
          <History />
        </>
      ) : rebate.isError ? (
        <div className="vip-state" role="alert">
          <p>{rebate.error instanceof ApiError ? rebate.error.message : t('loadError')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void rebate.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div className="vip-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
