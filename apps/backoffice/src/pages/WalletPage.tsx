import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { boFetch, type Page } from '../api.ts';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';

interface AdjustmentResult {
  entryId: number;
  userName: string;
  amount: string;
  balance: string;
  duplicate: boolean;
}

interface LedgerEntry {
  id: number;
  kind: string;
  currency: string;
  reference: string | null;
  source: string;
  key: string;
  amount: string;
  balanceAfter: string | null;
  createdAt: number;
  lines: { account: string; amount: string; balanceAfter: string | null }[];
}

interface LedgerCheck {
  ok: boolean;
  entries: number;
  breaches: { kind: string; id: number; detail: string }[];
}

/** Credit or debit a member by hand; each submit carries a fresh idempotency key. */
function AdjustmentForm({ onDone }: { onDone: (userName: string) => void }) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: { userName: string; amount: string; reason: string; idempotencyKey: string }) =>
      boFetch<AdjustmentResult>('/bo/api/wallet/adjustments', { method: 'POST', body }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['member-ledger'] });
      onDone(result.userName);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate({
      userName: userName.trim(),
      amount: amount.trim(),
      reason,
      idempotencyKey: crypto.randomUUID(),
    });
  };
  return (
    <form className="card section" onSubmit={submit} aria-labelledby="adjust-title">
      <h2 id="adjust-title">{t('wallet.adjustTitle')}</h2>
      <label className="field narrow">
        <span>{t('wallet.userName')}</span>
        <input value={userName} onChange={(e) => setUserName(e.target.value)} required autoComplete="off" />
      </label>
      <label className="field narrow">
        <span>{t('wallet.amount')}</span>
        <input
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          inputMode="decimal"
          placeholder="25.00"
        />
        <small className="hint">{t('wallet.amountHint')}</small>
      </label>
      <label className="field narrow">
        <span>{t('wallet.reason')}</span>
        <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {t('wallet.submit')}
      </button>
      {mutation.error && (
        <p className="alert" role="alert">
          {mutation.error.message}
        </p>
      )}
      {mutation.data && (
        <p className="notice-ok" role="status">
          {t('wallet.applied', { balance: mutation.data.balance })}
        </p>
      )}
    </form>
  );
}

/** A member's journal, newest first, each entry with its lines. */
function MemberLedger({ userName, onUserName }: { userName: string; onUserName: (name: string) => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(userName);
  const [pageNo, setPageNo] = useState(1);
  const [shown, setShown] = useState(userName);
  if (shown !== userName) {
    // A new member from the adjustment form: show theirs from the first page.
    setShown(userName);
    setDraft(userName);
    setPageNo(1);
  }
  const query = useQuery({
    queryKey: ['member-ledger', userName, pageNo],
    queryFn: () =>
      boFetch<Page<LedgerEntry>>(
        `/bo/api/members/${encodeURIComponent(userName)}/ledger?pageNo=${pageNo}&pageSize=20`,
      ),
    enabled: userName !== '',
    placeholderData: keepPreviousData,
  });
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  return (
    <section className="card section" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('wallet.ledgerTitle')}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNo(1);
          onUserName(draft.trim());
        }}
      >
        <label className="field narrow">
          <span>{t('wallet.userName')}</span>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} required autoComplete="off" />
        </label>
        <button type="submit" className="btn">
          {t('wallet.showLedger')}
        </button>
        {userName && (
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            {t('table.refresh')}
          </button>
        )}
      </form>
      {query.error && <p className="alert">{query.error.message}</p>}
      {userName && query.data && (
        <>
          <table className="table">
            <thead>
              <tr>
                <th>{t('table.time')}</th>
                <th>{t('wallet.kind')}</th>
                <th>{t('wallet.source')}</th>
                <th>{t('wallet.reference')}</th>
                <th>{t('wallet.amount')}</th>
                <th>{t('wallet.balanceAfter')}</th>
                <th>{t('wallet.lines')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.list.map((entry) => (
                <tr key={entry.id}>
                  <td className="nowrap">{formatTime(entry.createdAt, tag)}</td>
                  <td className="mono">{entry.kind}</td>
                  <td className="mono">{entry.source}</td>
                  <td className="mono">{entry.reference}</td>
                  <td className="mono nowrap">
                    {entry.amount} {entry.currency}
                  </td>
                  <td className="mono">{entry.balanceAfter}</td>
                  <td>
                    <ul className="lines">
                      {entry.lines.map((line, i) => (
                        <li key={i} className="mono">
                          {line.account}: {line.amount}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
              {query.data.list.length === 0 && <EmptyRow colSpan={7} />}
            </tbody>
          </table>
          <Pager page={query.data} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}

/** The ledger check: every entry balanced, balances equal their lines, none negative. */
function LedgerCheckCard() {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: () => boFetch<LedgerCheck>('/bo/api/ledger/verify') });
  return (
    <section className="card section" aria-labelledby="check-title">
      <h2 id="check-title">{t('wallet.checkTitle')}</h2>
      <p className="hint">{t('wallet.checkHint')}</p>
      <button type="button" className="btn" disabled={check.isPending} onClick={() => check.mutate()}>
        {t('wallet.check')}
      </button>
      {check.error && <p className="alert">{check.error.message}</p>}
      {check.data && (
        <div role="status">
          <p className={check.data.ok ? 'notice-ok' : 'notice-error'}>
            {check.data.ok ? t('wallet.checkOk') : t('wallet.checkBreached')}
          </p>
          <p>{t('wallet.entries', { count: check.data.entries })}</p>
          <p>{t('wallet.breaches', { count: check.data.breaches.length })}</p>
          {check.data.breaches.length > 0 && (
            <ul>
              {check.data.breaches.map((b) => (
                <li key={`${b.kind}-${b.id}`} className="mono">
                  {b.kind} #{b.id}: {b.detail}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** Wallet: manual adjustments, a member's ledger and the ledger check. */
export function WalletPage() {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  return (
    <section className="wallet-page">
      <div className="page-head">
        <h1>{t('wallet.title')}</h1>
      </div>
      <AdjustmentForm onDone={setUserName} />
      <MemberLedger userName={userName} onUserName={setUserName} />
      <LedgerCheckCard />
    </section>
  );
}
