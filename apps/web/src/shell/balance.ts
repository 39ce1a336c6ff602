import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatMoney } from '../lib/money.ts';
import { STORAGE, readString, writeString } from '../lib/storage.ts';
import { useWallet } from '../session/session.ts';

/** What a hidden or refreshing balance shows (spec §4: asterisks). */
export const MASK = '****';
const VISIBILITY_EVENT = 'playhouse:balance-visibility';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(VISIBILITY_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(VISIBILITY_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
const isHidden = () => readString(STORAGE.hideBalance) === '1';

/** Hides or shows the balance everywhere it appears, remembered on this device. */
export function setBalanceHidden(hidden: boolean): void {
  writeString(STORAGE.hideBalance, hidden ? '1' : '0');
  window.dispatchEvent(new Event(VISIBILITY_EVENT));
}

/**
 * The member's balance as the header and member centre show it: the amount with its currency symbol
 * and two decimals, or asterisks while hidden (remembered on the device, the same in every place
 * and tab) or while it refreshes (spec §4).
 */
export function useBalance() {
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const hidden = useSyncExternalStore(subscribe, isHidden, () => false);
  const toggle = useCallback(() => setBalanceHidden(!isHidden()), []);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] }),
    [queryClient],
  );
  const refreshing = wallet.isFetching;
  const data = wallet.data;
  const amount = data
    ? `${data.currencySymbol ?? data.currency}${formatMoney(Number(data.sumBalance))}`
    : undefined;
  const masked = hidden || refreshing || !data;
  // Nothing to show only when the balance failed to load and is not being fetched again.
  const text = masked ? (data || refreshing || hidden ? MASK : '—') : amount!;
  return { text, masked, currency: data?.currency, hidden, toggle, refresh, refreshing };
}
