import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { STORAGE, readString, writeString } from '../lib/storage.ts';
import { useWallet } from '../session/session.ts';

/** The member's balance with the show/hide toggle; masked while it refreshes (spec §4). */
export function useBalance() {
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState(() => readString(STORAGE.hideBalance) === '1');
  const toggle = useCallback(() => {
    setHidden((h) => {
      writeString(STORAGE.hideBalance, h ? '0' : '1');
      return !h;
    });
  }, []);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] }),
    [queryClient],
  );
  const masked = hidden || wallet.isFetching;
  const text = wallet.data ? (masked ? '****' : wallet.data.sumBalance) : masked ? '****' : '—';
  return { text, currency: wallet.data?.currency, hidden, toggle, refresh, refreshing: wallet.isFetching };
}
