import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { isNetWin, roundOutcome } from '@playhouse/contract/round-outcome';
import { formatMoney } from '../../../lib/money.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { useRecentRounds, type Round } from '../api/use-rounds.ts';

/** The member's last rounds of this game: each can be replayed on the reels (no money moves). */
export function HistorySheet({
  gameCode,
  symbol,
  onReplay,
  onClose,
}: {
  gameCode: string;
  symbol: string;
  onReplay: (round: Round) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('play');
  const recent = useRecentRounds(gameCode, true);
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const list = recent.data?.list ?? [];
  return (
    <Modal title={t('historyTitle')} onClose={onClose} className="sheet pl-sheet">
      {recent.isPending ? (
        <p className="pl-muted">{t('loading')}</p>
      ) : list.length === 0 ? (
        <p className="pl-muted">{t('historyEmpty')}</p>
      ) : (
        <ul className="pl-history">
          {list.map((round) => {
            const win = Number(round.win);
            // Only a round that returned more than its stake reads as a gain.
            const gain = isNetWin(roundOutcome(Math.round(Number(round.stake) * 100), Math.round(win * 100)));
            return (
              <li key={round.roundId}>
                <span className="pl-muted pl-num">{time.format(round.settledAt)}</span>
                <span dir="ltr" className="pl-num">
                  {symbol}
                  {formatMoney(Number(round.stake))}
                </span>
                <b dir="ltr" className={`pl-num ${gain ? 'pl-gain' : ''}`}>
                  {gain ? '+' : ''}
                  {symbol}
                  {formatMoney(win)}
                </b>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onReplay(round)}>
                  {t('replay')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="pl-muted pl-small">{t('historyNote')}</p>
    </Modal>
  );
}
