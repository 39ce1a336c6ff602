import { useTranslation } from 'react-i18next';
import { isNetWin, roundOutcome } from '@playhouse/contract/round-outcome';
import { formatMoney } from '../../lib/money.ts';

/**
 * The line under a settled draw or bingo round, judged against what the player's tickets cost: "You
 * won" in the win colour only when the tickets together returned more than their stakes; a smaller
 * return is a loss, "Returned 4.00 of 5.00", in plain text.
 */
export function DrawOutcome({
  tickets,
  noWin,
  testId,
}: {
  tickets: readonly { stake: string; win: string }[];
  /** What to say when nothing came back. */
  noWin: string;
  testId: string;
}) {
  const { t } = useTranslation('draws');
  const minor = (amount: string) => Math.round(Number(amount) * 100);
  const staked = tickets.reduce((s, tk) => s + minor(tk.stake), 0);
  const won = tickets.reduce((s, tk) => s + minor(tk.win), 0);
  const outcome = roundOutcome(staked, won);
  const text = isNetWin(outcome)
    ? t('youWon', { amount: formatMoney(won / 100) })
    : outcome === 'nothing'
      ? noWin
      : t('returnedOf', { amount: formatMoney(won / 100), stake: formatMoney(staked / 100) });
  return (
    <p className={isNetWin(outcome) ? 'dr-win' : 'dr-muted'} data-testid={testId} data-outcome={outcome}>
      {text}
    </p>
  );
}
