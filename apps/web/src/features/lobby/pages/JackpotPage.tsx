import type { JackpotHits } from '@playhouse/contract/games';
import { findLanguage } from '@playhouse/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api.ts';
import { formatMoney, formatPercent } from '../../../lib/money.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { LobbyEmpty } from '../components/EmptyState.tsx';
import { useJackpot } from '../hooks/use-jackpot.ts';
import '../lobby.css';

/** The stakes the page gives as examples of the chance of a hit, in major units. */
const EXAMPLE_STAKES = [1, 100] as const;

/**
 * /m/jackpot: how the progressive jackpot is won (its published rules, from the same figures the
 * server draws with) and its latest hits, newest first, with the winners' names masked.
 */
export default function JackpotPage() {
  const { t, i18n } = useTranslation('lobby');
  const jackpot = useJackpot();
  const hits = useQuery({
    queryKey: ['lobby', 'jackpot', 'hits'],
    queryFn: () => apiFetch<JackpotHits>('/wps/game/jackpot/hits'),
    staleTime: 10_000,
  });
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const count = new Intl.NumberFormat(tag);
  const when = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const pool = jackpot.data;
  // Isolated left to right, so the symbol stays before the figure inside right-to-left sentences.
  const money = (amount: string) => `\u2066${pool?.currencySymbol ?? ''}${formatMoney(Number(amount))}\u2069`;

  return (
    <section className="jackpot-page">
      {pool ? (
        <>
          <div className="jackpot">
            <span className="jackpot-title">{t('jackpot.title')}</span>
            <strong className="jackpot-amount">{money(pool.amount)}</strong>
          </div>
          <h2 className="section-title">{t('jackpot.howTitle')}</h2>
          <ul className="jackpot-rules">
            <li>{t('jackpot.rules', { share: formatPercent(pool.contributionBps / 100) })}</li>
            {EXAMPLE_STAKES.map((stake) => (
              <li key={stake}>
                {t('jackpot.howChance', {
                  stake: money(String(stake)),
                  oneIn: count.format(Math.round(Number(pool.stakeForCertainHit) / stake)),
                })}
              </li>
            ))}
            <li>{t('jackpot.howLimits', { seed: money(pool.seed), ceiling: money(pool.ceiling) })}</li>
            <li>{t('jackpot.howFair')}</li>
          </ul>
        </>
      ) : jackpot.isError ? null : (
        <div className="jackpot skeleton" aria-hidden="true" />
      )}

      <h2 className="section-title">{t('jackpot.hitsTitle')}</h2>
      {hits.isPending ? (
        <div className="page-loader" aria-hidden="true" />
      ) : hits.isError || jackpot.isError ? (
        <div className="empty-state" role="alert">
          <Icon name="refresh" size={40} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void Promise.all([hits.refetch(), jackpot.refetch()])}
          >
            {t('jackpot.retry')}
          </button>
        </div>
      ) : hits.data.list.length === 0 ? (
        <LobbyEmpty text={t('jackpot.hitsEmpty')} icon="coins" />
      ) : (
        <ol className="jackpot-hits">
          {hits.data.list.map((hit) => (
            <li key={`${hit.wonAt}:${hit.customerName}`} className="jackpot-hit">
              <div>
                <span dir="auto">{t('jackpot.hitBy', { name: hit.customerName, game: hit.gameName })}</span>
                <time dateTime={new Date(hit.wonAt).toISOString()}>{when.format(hit.wonAt)}</time>
              </div>
              <strong dir="ltr">{`${hits.data.currencySymbol}${formatMoney(Number(hit.amount))}`}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
