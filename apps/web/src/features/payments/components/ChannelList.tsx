import type { ChannelMethod, DepositChannel } from '@playhouse/contract/payments';
import { parseMoney } from '@playhouse/contract/money';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../shell/Icon.tsx';
import { displayMoney, nextOpening } from '../payment-rules.ts';

const METHOD_ICONS: Record<ChannelMethod, IconName> = {
  BANK: 'wallet',
  QR: 'search',
  EWALLET: 'coins',
  CARD: 'wallet',
};

/** Whether a percent string says anything ("0", "0.00" do not). */
const someRate = (percent: string) => Number(percent) > 0;

/**
 * The deposit channels as a list to choose one from: limits, fee or bonus, opening hours; a closed
 * channel is shown, greyed, with when it opens in the member's own time.
 */
export function ChannelList({
  channels,
  selected,
  onSelect,
  locale,
  symbol,
}: {
  channels: DepositChannel[];
  selected: number | undefined;
  onSelect: (id: number) => void;
  locale: string;
  symbol: string;
}) {
  const { t } = useTranslation('pay');
  const time = new Intl.DateTimeFormat(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <div className="pay-channels" role="radiogroup" aria-label={t('deposit.channels')}>
      {channels.map((c) => {
        const checked = c.channelId === selected;
        const min = displayMoney((parseMoney(c.min) ?? 0) / 100, symbol);
        const max = displayMoney((parseMoney(c.max) ?? 0) / 100, symbol);
        return (
          <button
            key={c.channelId}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={!c.openNow}
            className={`pay-channel${checked ? ' is-selected' : ''}${c.openNow ? '' : ' is-closed'}`}
            onClick={() => onSelect(c.channelId)}
          >
            <span className="pay-channel-icon">
              <Icon name={METHOD_ICONS[c.method]} size={22} />
            </span>
            <span className="pay-channel-text">
              <strong dir="auto">{c.name}</strong>
              <span className="pay-muted">
                {t(`method.${c.method}`)} · {t('deposit.range', { min, max })}
              </span>
              <span className="pay-tags">
                {someRate(c.bonusPercent) && (
                  <span className="pay-tag pay-tag-ok">
                    {t('deposit.bonus', { percent: c.bonusPercent })}
                  </span>
                )}
                {someRate(c.feePercent) && (
                  <span className="pay-tag">{t('deposit.fee', { percent: c.feePercent })}</span>
                )}
                {!c.openNow && c.hours ? (
                  <span className="pay-tag pay-tag-bad">
                    {t('deposit.closedUntil', { time: time.format(nextOpening(c.hours, new Date())) })}
                  </span>
                ) : !c.openNow ? (
                  <span className="pay-tag pay-tag-bad">{t('deposit.closed')}</span>
                ) : c.hours ? (
                  <span className="pay-tag">
                    {t('deposit.hours', { open: c.hours.open, close: c.hours.close })}
                  </span>
                ) : (
                  <span className="pay-tag">{t('deposit.allDay')}</span>
                )}
              </span>
            </span>
            <span className="pay-radio" aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}
