import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import type { PaymentSettings } from '@playhouse/contract/payments';
import type { AdjustmentApproval } from '@playhouse/contract/wallet';
import { boFetch, type Page } from '../api.ts';
import { DecisionDialog, type Decision } from './DecisionDialog.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './money.css';

/** The adjustment as moved; or, above the operator's threshold, the request waiting for approval. */
type AdjustmentResult =
  | { entryId: number; userName: string; amount: string; balance: string; duplicate: boolean }
  | { pending: true; requestId: number; userName: string; amount: string };

const REQUESTS_KEY = ['adjustment-requests'] as const;

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
      if ('pending' in result) void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      else void queryClient.invalidateQueries({ queryKey: ['member-ledger'] });
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
      {mutation.data &&
        ('pending' in mutation.data ? (
          <p className="notice-warn" role="status">
            {t('wallet.pending', { amount: mutation.data.amount, userName: mutation.data.userName })}
          </p>
        ) : (
          <p className="notice-ok" role="status">
            {t('wallet.applied', { balance: mutation.data.balance })}
          </p>
        ))}
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

/** What a decision on a waiting adjustment is about: amount, member, reason and who asked. */
function ApprovalSummary({ request, decision }: { request: AdjustmentApproval; decision: Decision }) {
  const { t } = useTranslation();
  const reject = decision === 'reject';
  return (
    <>
      <span>
        {t(reject ? 'wallet.rejectWhat' : 'wallet.approveWhat', {
          amount: request.amount,
          userName: request.userName,
        })}
      </span>
      <span className="muted wrap-anywhere">{t('wallet.reasonShown', { reason: request.reason })}</span>
      <span className="muted">{t('wallet.requestedByName', { name: request.requestedBy })}</span>
    </>
  );
}

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const STATUS_CLASS = { pending: 'PENDING', approved: 'APPROVED', rejected: 'REJECTED' } as const;

/**
 * Adjustments above the operator's threshold: nothing moves until a second member of staff approves
 * (the server refuses one's own with SECOND_APPROVER_REQUIRED, shown as it answers) or rejects with a
 * note.
 */
function ApprovalsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { can } = useStaffRole();
  const canDecide = can('wallet.approve');
  const [status, setStatus] = useState<AdjustmentApproval['status']>('pending');
  const [deciding, setDeciding] = useState<{ request: AdjustmentApproval; decision: Decision }>();
  const [notice, setNotice] = useState<string>();
  const requests = useQuery({
    queryKey: [...REQUESTS_KEY, status],
    queryFn: () => boFetch<AdjustmentApproval[]>(`/bo/api/wallet/adjustment-requests?status=${status}`),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: Decision; note: string }) =>
      boFetch<AdjustmentApproval>(`/bo/api/wallet/adjustment-requests/${id}/${decision}`, {
        method: 'POST',
        ...(decision === 'reject' ? { body: { note } } : {}),
      }),
    onSuccess: (decided) => {
      setDeciding(undefined);
      setNotice(
        t(decided.status === 'approved' ? 'wallet.approvedNotice' : 'wallet.rejectedNotice', {
          amount: decided.amount,
          userName: decided.userName,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['member-ledger'] });
    },
  });
  const settings = useQuery({
    queryKey: ['payment-settings'],
    queryFn: () => boFetch<PaymentSettings>('/bo/api/payment-settings'),
    enabled: can('money.summary'),
  });
  const threshold = settings.data?.adjustments.approvalAbove;
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const showActions = canDecide && status === 'pending';
  return (
    <section className="card section" aria-labelledby="approvals-title">
      <h2 id="approvals-title">{t('wallet.approvalsTitle')}</h2>
      {threshold && (
        <p className="hint">
          {Number(threshold) > 0 ? t('wallet.approvalsHint', { amount: threshold }) : t('wallet.noThreshold')}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label={t('wallet.approvalsTitle')}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            onClick={() => {
              setNotice(undefined);
              setStatus(s);
            }}
          >
            {t(`money.status.${STATUS_CLASS[s]}`)}
          </button>
        ))}
        <button type="button" className="tab-end" onClick={() => void requests.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      {notice && (
        <p className="notice-ok" role="status">
          {notice}
        </p>
      )}
      {requests.error && <p className="alert">{requests.error.message}</p>}
      <table className="table table-middle stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('money.member')}</th>
            <th className="amount">{t('wallet.amount')}</th>
            <th>{t('wallet.reason')}</th>
            <th>{t('wallet.requestedBy')}</th>
            <th>{t('wallet.status')}</th>
            {showActions && <th>{t('money.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {requests.data?.map((r) => (
            <tr key={r.id}>
              <td data-label={t('table.time')} className="nowrap">
                {formatTime(r.requestedAt, tag)}
              </td>
              <td data-label={t('money.member')} className="mono">
                {r.userName}
              </td>
              <td data-label={t('wallet.amount')} className="amount mono">
                {r.amount}
              </td>
              <td data-label={t('wallet.reason')} className="wrap-anywhere">
                {r.reason}
              </td>
              <td data-label={t('wallet.requestedBy')}>{r.requestedBy}</td>
              <td data-label={t('wallet.status')}>
                <span className={`status status-${STATUS_CLASS[r.status]}`}>
                  {t(`money.status.${STATUS_CLASS[r.status]}`)}
                </span>
                {r.decidedBy && (
                  <span className="decided muted">
                    <span>{t('money.decidedBy', { name: r.decidedBy })}</span>
                    {r.decidedAt && <span>{formatTime(r.decidedAt, tag)}</span>}
                    {r.note && (
                      <span className="wrap-anywhere">{t('wallet.noteShown', { note: r.note })}</span>
                    )}
                  </span>
                )}
              </td>
              {showActions && (
                <td data-label={t('money.actions')}>
                  {r.status === 'pending' && (
                    <span className="row-actions">
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => {
                          decide.reset();
                          setDeciding({ request: r, decision: 'approve' });
                        }}
                      >
                        {t('money.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-danger"
                        onClick={() => {
                          decide.reset();
                          setDeciding({ request: r, decision: 'reject' });
                        }}
                      >
                        {t('money.reject')}
                      </button>
                    </span>
                  )}
                </td>
              )}
            </tr>
          ))}
          {requests.data?.length === 0 && <EmptyRow colSpan={showActions ? 7 : 6} />}
        </tbody>
      </table>
      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          approveNote={false}
          rejectLabel={t('wallet.rejectNote')}
          maxLength={500}
          summary={<ApprovalSummary request={deciding.request} decision={deciding.decision} />}
          pending={decide.isPending}
          error={decide.error?.message}
          onConfirm={(note) => {
            setNotice(undefined);
            decide.mutate({ id: deciding.request.id, decision: deciding.decision, note });
          }}
          onCancel={() => setDeciding(undefined)}
        />
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

/**
 * Wallet: manual adjustments (those above the operator's threshold wait for a second member of
 * staff), a member's ledger and the ledger check, each shown to the roles that may use it.
 */
export function WalletPage() {
  const { t } = useTranslation();
  const { can } = useStaffRole();
  const [userName, setUserName] = useState('');
  return (
    <section className="wallet-page">
      <div className="page-head">
        <h1>{t('wallet.title')}</h1>
      </div>
      {can('wallet.adjust') && <AdjustmentForm onDone={setUserName} />}
      {can('wallet.adjust') && <ApprovalsCard />}
      {can('ledger.read') && <MemberLedger userName={userName} onUserName={setUserName} />}
      {can('ledger.read') && <LedgerCheckCard />}
    </section>
  );
}
