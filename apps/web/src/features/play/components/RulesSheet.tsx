import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameInfo } from '@playhouse/contract/play';
import { findLanguage } from '@playhouse/contract/languages';
import { formatMoney, formatPercent } from '../../../lib/money.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { Tile } from './SlotBoard.tsx';

/**
 * The rules and paytable: declared RTP and hit rate (as the maths proves them), the largest win,
 * the stakes, what each symbol pays, the play-safety settings and the way to check any round.
 */
export function RulesSheet({ info, onClose }: { info: GameInfo; onClose: () => void }) {
  const { t, i18n } = useTranslation('play');
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const oneIn = info.hitRate > 0 ? 1 / info.hitRate : undefined;
  const lines = typeof info.meta.lines === 'number' ? info.meta.lines : undefined;
  const low = info.stakes[0];
  const high = info.stakes.at(-1);
  return (
    <Modal
      title={t('rulesTitle', { game: `\u2068${info.name}\u2069` })}
      onClose={onClose}
      className="sheet pl-sheet"
    >
      <dl className="pl-facts">
        <div>
          <dt>{t('rtp')}</dt>
          <dd className="pl-num" data-testid="rules-rtp">
            {formatPercent(info.rtp * 100)}%
          </dd>
        </div>
        <div>
          <dt>{t('hitRate')}</dt>
          <dd className="pl-num" data-testid="rules-hit-rate">
            {formatPercent(info.hitRate * 100)}%
            {oneIn && oneIn > 1.05 && (
              <small>
                {' '}
                {t('oneIn', { n: new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(oneIn) })}
              </small>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('maxWin')}</dt>
          <dd className="pl-num" dir="ltr">
            {info.maxMultiplier.toLocaleString(tag)}×
          </dd>
        </div>
        <div>
          <dt>{t('stakes')}</dt>
          <dd className="pl-num" dir="ltr">
            {low && high ? `${formatMoney(Number(low))} – ${formatMoney(Number(high))}` : '—'}
          </dd>
        </div>
      </dl>
      <p className="pl-rules-text">{t(`about.${info.gameCode}`, { lines: lines ?? 0 })}</p>
      {info.paytable.length > 0 && (
        <table className="pl-paytable">
          <caption>
            {t(info.paytable.some((row) => row.kind === 'cluster') ? 'paytableCoins' : 'paytable')}
          </caption>
          <tbody>
            {info.paytable.map((row) => {
              const note = t(`symbolNotes.${row.symbol}`, { defaultValue: '' });
              const counts = Object.keys(row.pays)
                .map(Number)
                .sort((a, b) => b - a);
              return (
                <tr key={row.symbol}>
                  <th scope="row">
                    <Tile symbol={row.symbol} small />
                    {(note || row.kind === 'scatter') && <small>{note || t(`payKind.${row.kind}`)}</small>}
                  </th>
                  <td dir="ltr">
                    {counts.map((n) => (
                      <span key={n} className="pl-pay">
                        <span className="pl-muted">{n} →</span> {row.pays[n]}
                        {row.kind === 'cluster' ? '' : '×'}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {info.paytable.some((row) => row.kind === 'scatter') && (
        <p className="pl-muted pl-small">{t('paysNote')}</p>
      )}
      <h3 className="pl-subhead">{t('safetyTitle')}</h3>
      <ul className="pl-rule-list">
        {!info.safety.autoplay && <li>{t('noAutoplayRule')}</li>}
        <li>{t('minSpinRule', { seconds: info.safety.minSpinMs / 1000 })}</li>
        <li>
          {info.safety.realityCheckMinutes
            ? t('realityRule', { minutes: info.safety.realityCheckMinutes })
            : t('realityOff')}
        </li>
        <li>{t('interruptedRule')}</li>
      </ul>
      <h3 className="pl-subhead">{t('fairTitle')}</h3>
      <p className="pl-muted pl-small">{t('fairText')}</p>
      <div className="modal-actions">
        <Link className="btn btn-ghost" to={`/m/fairness?game=${info.gameCode}`}>
          {t('fairLink')}
        </Link>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
