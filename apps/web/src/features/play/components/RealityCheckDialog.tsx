import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shell/Modal.tsx';
import { formatElapsed, netOf, type SessionStats } from '../session-stats.ts';

/** The reality check: time played in this game and the net position, then continue or leave. */
export function RealityCheckDialog({
  elapsedMs,
  stats,
  money,
  onContinue,
  onLeave,
}: {
  elapsedMs: number;
  stats: SessionStats;
  money: (minor: number) => string;
  onContinue: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('play');
  const net = netOf(stats);
  return (
    <Modal title={t('check.title')} onClose={onContinue} className="pl-check">
      <dl className="pl-facts">
        <div>
          <dt>{t('check.time')}</dt>
          <dd className="pl-num">{formatElapsed(elapsedMs)}</dd>
        </div>
        <div>
          <dt>{t('check.net')}</dt>
          <dd className={`pl-num ${net > 0 ? 'pl-gain' : net < 0 ? 'pl-loss' : ''}`} dir="ltr">
            {net > 0 ? '+' : net < 0 ? '−' : ''}
            {money(Math.abs(net))}
          </dd>
        </div>
      </dl>
      <p className="modal-text">
        {t('check.detail', { rounds: stats.rounds, staked: money(stats.staked), won: money(stats.won) })}
      </p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onLeave}>
          {t('check.leave')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          {t('check.continue')}
        </button>
      </div>
    </Modal>
  );
}
