import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { useBetDetail } from '../api/use-bet-record.ts';
import { describeResult, fairnessLink } from '../bets.ts';
import { direction, signedMoney } from '../format.ts';

/** The result of a draw-game ticket (its bet and its draw's balls), or undefined for other bets. */
function drawTicketOf(result: unknown) {
  if (!result || typeof result !== 'object') return undefined;
  const r = result as Record<string, unknown>;
  if (typeof r.numero !== 'string' || typeof r.betType !== 'string' || typeof r.selection !== 'string')
    return undefined;
  return {
    numero: r.numero,
    betType: r.betType,
    selection: r.selection,
    balls: Array.isArray(r.balls) ? (r.balls as number[]) : null,
  };
}

/** Long hashes and seeds stay whole and left to right inside text of either direction. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** One bet in full: amounts, result, and for in-house rounds the seed pair, with the way to verify it. */
export function BetDetailSheet({
  roundId,
  symbol,
  locale,
  onClose,
}: {
  roundId: string;
  symbol: string;
  locale: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  // A draw-game ticket names its bet and draw in the lottery's words (loaded when first needed).
  const { t: td } = useTranslation('draws', { useSuspense: false });
  const detail = useBetDetail(roundId);
  const d = detail.data;
  const ticket = d ? drawTicketOf(d.result) : undefined;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const described = d ? describeResult(d.gameCode, d.result) : undefined;
  const net = d ? (Number(d.win) + Number(d.jackpotWin ?? 0) - Number(d.stake)).toFixed(2) : '0.00';
  return (
    <Modal title={d?.gameName ?? t('bets.detailTitle')} onClose={onClose} className="sheet rec-sheet">
      {detail.isPending ? (
        <div className="rec-skeleton rec-skeleton-tall" aria-busy="true" />
      ) : detail.isError || !d ? (
        <p className="rec-muted" role="alert">
          {detail.error instanceof ApiError ? detail.error.message : t('list.error')}
        </p>
      ) : (
        <>
          <dl className="rec-figures rec-bet-figures">
            <div>
              <dt>{t('bets.stake')}</dt>
              <dd dir="ltr" data-testid="bet-stake">
                {symbol}
                {formatMoney(Number(d.stake))}
              </dd>
            </div>
            <div>
              <dt>{t('bets.win')}</dt>
              <dd dir="ltr" data-testid="bet-win">
                {symbol}
                {formatMoney(Number(d.win))}
              </dd>
            </div>
            <div className="rec-figure-strong">
              <dt>{t('bets.net')}</dt>
              <dd dir="ltr" className={`rec-${direction(net)}`}>
                {signedMoney(net, symbol)}
              </dd>
            </div>
          </dl>
          <dl className="rec-pairs">
            <div>
              <dt>{t('bets.round')}</dt>
              <dd className="rec-mono" data-testid="bet-round-id">
                {isolate(d.roundId)}
              </dd>
            </div>
            <div>
              <dt>{t('bets.time')}</dt>
              <dd>{when.format(new Date(d.settledAt))}</dd>
            </div>
            <div>
              <dt>{t('bets.status')}</dt>
              <dd>{t(`bets.statuses.${d.status}`)}</dd>
            </div>
            {d.jackpotWin && (
              <div>
                <dt>{t('bets.jackpot')}</dt>
                <dd dir="ltr">
                  {symbol}
                  {formatMoney(Number(d.jackpotWin))}
                </dd>
              </div>
            )}
            {described && (
              <div>
                <dt>{t('bets.resultLabel')}</dt>
                <dd>{t(described.key, described.values)}</dd>
              </div>
            )}
            {ticket && (
              <div>
                <dt>{t('bets.resultLabel')}</dt>
                <dd data-testid="bet-draw">
                  {td('draw', { numero: ticket.numero })}
                  {ticket.balls && (
                    <>
                      {': '}
                      <bdi dir="ltr">{ticket.balls.join(' ')}</bdi>
                    </>
                  )}
                  <div className="rec-muted">
                    {td(`betTypes.${ticket.betType}`)}{' '}
                    {/^[A-Z]+$/.test(ticket.selection) ? (
                      td(`selections.${ticket.selection}`)
                    ) : (
                      <bdi dir="ltr">{ticket.selection}</bdi>
                    )}
                  </div>
                </dd>
              </div>
            )}
          </dl>
          {d.result !== null && d.result !== undefined && !described && !ticket && (
            <details className="rec-raw">
              <summary>{t('bets.rawResult')}</summary>
              <pre dir="ltr">{JSON.stringify(d.result, null, 1)}</pre>
            </details>
          )}
          {d.fairness && (
            <section className="rec-fair">
              <h3 className="rec-title">{t('bets.fairness')}</h3>
              <dl className="rec-pairs">
                <div>
                  <dt>{t('bets.serverSeedHash')}</dt>
                  <dd className="rec-mono">{isolate(d.fairness.serverSeedHash)}</dd>
                </div>
                <div>
                  <dt>{t('bets.serverSeed')}</dt>
                  <dd
                    className={d.fairness.serverSeed ? 'rec-mono' : 'rec-muted'}
                    data-testid="bet-server-seed"
                  >
                    {d.fairness.serverSeed ? isolate(d.fairness.serverSeed) : t('bets.notRevealed')}
                  </dd>
                </div>
                <div>
                  <dt>{t('bets.clientSeed')}</dt>
                  <dd className="rec-mono">{isolate(d.fairness.clientSeed)}</dd>
                </div>
                <div>
                  <dt>{t('bets.nonce')}</dt>
                  <dd className="rec-mono">{d.fairness.nonce}</dd>
                </div>
              </dl>
              {/* A draw's result is recomputed from these seeds (its results list shows them too). */}
              {!ticket && (
                <Link className="btn btn-primary btn-block" to={fairnessLink(d)}>
                  {t('bets.verify')}
                </Link>
              )}
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
