import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import type {
  DeskDecision,
  DeskDeposit,
  DeskWithdrawal,
  DepositStatus,
  MoneySummary,
  PaymentChannel,
  WithdrawalStatus,
} from '@playhouse/contract/payments';
import { ApiError, boFetch, type Page } from '../api.ts';
import { Decided, DecisionButtons, DecisionDialog, type Decision } from './DecisionDialog.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';
import { StaffImage } from './StaffImage.tsx';
import './money.css';

type Queue = 'deposits' | 'withdrawals';
type Status = DepositStatus | WithdrawalStatus;

const STATUSES: Record<Queue, Status[]> = {
  deposits: ['PENDING', 'APPROVED', 'REJECTED', 'FAILED'],
  withdrawals: ['PENDING', 'PROCESSING', 'APPROVED', 'REJECTED'],
};

interface Filters {
  status: string;
  userName: string;
  channelId: string;
  startDate: string;
  endDate: string;
}

const query = (filters: Filters, pageNo: number) =>
  new URLSearchParams(
    Object.entries({ ...filters, pageNo: String(pageNo), pageSize: '20' }).filter(([, v]) => v !== ''),
  ).toString();

function useDecision(queue: Queue) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: Decision; reason: string }) =>
      boFetch<DeskDecision>(`/bo/api/${queue}/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['desk'] });
      void queryClient.invalidateQueries({ queryKey: ['money-summary'] });
    },
  });
}

/** One queue (deposits or withdrawals) with its filters, paging and decisions. */
function QueueTable({ queue, channels }: { queue: Queue; channels: PaymentChannel[] }) {
  const canDecide = useStaffRole().can('money.decide');
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const [draft, setDraft] = useState<Filters>({
    status: 'PENDING',
    userName: '',
    channelId: '',
    startDate: '',
    endDate: '',
  });
  const [filters, setFilters] = useState(draft);
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<{ row: DeskDeposit | DeskWithdrawal; decision: Decision }>();
  const [outcome, setOutcome] = useState<string>();
  const list = useQuery({
    queryKey: ['desk', queue, filters, pageNo],
    queryFn: () =>
      boFetch<Page<DeskDeposit | DeskWithdrawal>>(
        `/bo/api/${queue}?${query(queue === 'deposits' ? filters : { ...filters, channelId: '' }, pageNo)}`,
      ),
    placeholderData: keepPreviousData,
  });
  const decide = useDecision(queue);
  const idOf = (row: DeskDeposit | DeskWithdrawal) => ('depositId' in row ? row.depositId : row.withdrawalId);

  const confirm = (reason: string) => {
    if (!deciding) return;
    const id = idOf(deciding.row);
    decide.mutate(
      { id, decision: deciding.decision, reason },
      {
        onSuccess: (result) => {
          setDeciding(undefined);
          setOutcome(
            result.duplicate
              ? t('money.alreadyDone', { id, status: t(`money.status.${result.status}`) })
              : t('money.done', { id, status: t(`money.status.${result.status}`) }),
          );
        },
      },
    );
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <section className="section" aria-label={t(`money.${queue}`)}>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNo(1);
          setFilters(draft);
        }}
      >
        <label className="field">
          <span>{t('money.statusFilter')}</span>
          <select value={draft.status} onChange={set('status')}>
            <option value="">{t('money.all')}</option>
            {STATUSES[queue].map((s) => (
              <option key={s} value={s}>
                {t(`money.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('wallet.userName')}</span>
          <input value={draft.userName} onChange={set('userName')} autoComplete="off" />
        </label>
        {queue === 'deposits' && (
          <label className="field">
            <span>{t('money.channel')}</span>
            <select value={draft.channelId} onChange={set('channelId')}>
              <option value="">{t('money.all')}</option>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('money.from')}</span>
          <input type="date" value={draft.startDate} onChange={set('startDate')} />
        </label>
        <label className="field">
          <span>{t('money.to')}</span>
          <input type="date" value={draft.endDate} onChange={set('endDate')} />
        </label>
        <button type="submit" className="btn">
          {t('money.apply')}
        </button>
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          {t('table.refresh')}
        </button>
      </form>
      {outcome && (
        <p className="notice-ok" role="status">
          {outcome}
        </p>
      )}
      {list.error && <p className="alert">{list.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('money.member')}</th>
            <th>{queue === 'deposits' ? t('money.channel') : t('money.account')}</th>
            <th className="amount">{t('wallet.amount')}</th>
            <th>{queue === 'deposits' ? t('money.reference') : t('money.turnoverLeft')}</th>
            <th>{t('money.statusFilter')}</th>
            {canDecide && <th>{t('money.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((row) => {
            const id = idOf(row);
            const deposit = 'depositId' in row ? row : undefined;
            const withdrawal = 'withdrawalId' in row ? row : undefined;
            return (
              <tr key={id}>
                <td data-label={t('table.time')} className="nowrap">
                  {formatTime(row.createdAt, tag)}
                  <span className="block mono muted">{id}</span>
                </td>
                <td data-label={t('money.member')}>{row.userName}</td>
                <td data-label={deposit ? t('money.channel') : t('money.account')}>
                  {deposit ? (
                    <>
                      {deposit.channelName}
                      <span className="block muted">
                        {t(`money.kind.${deposit.kind}`)}
                        {deposit.gatewayPaymentId ? ` · ${deposit.gatewayPaymentId}` : ''}
                      </span>
                    </>
                  ) : (
                    withdrawal && (
                      <>
                        {withdrawal.bankName}
                        <span className="block mono">{withdrawal.accountNo}</span>
                        <span className="block muted">{withdrawal.payeeName}</span>
                      </>
                    )
                  )}
                </td>
                <td data-label={t('wallet.amount')} className="amount mono">
                  {row.amount}
                  {deposit && (Number(deposit.fee) > 0 || Number(deposit.bonus) > 0) && (
                    <span className="block muted">{t('money.credited', { amount: deposit.credited })}</span>
                  )}
                </td>
                <td data-label={deposit ? t('money.reference') : t('money.turnoverLeft')}>
                  {deposit ? (
                    <>
                      <span className="mono">{deposit.reference}</span>
                      {deposit.receiptIds.length > 0 && (
                        <span className="thumbs">
                          {deposit.receiptIds.map((u, i) => (
                            <StaffImage key={u} uploadId={u} alt={t('money.receipt', { n: i + 1 })} />
                          ))}
                        </span>
                      )}
                    </>
                  ) : (
                    <span
                      className={Number(withdrawal?.turnoverRemaining) > 0 ? 'notice-error mono' : 'mono'}
                    >
                      {withdrawal?.turnoverRemaining}
                    </span>
                  )}
                </td>
                <td data-label={t('money.statusFilter')}>
                  <span className={`status status-${row.status}`}>{t(`money.status.${row.status}`)}</span>
                  <Decided by={row.decidedBy} at={row.decidedAt} reason={row.reason} tag={tag} />
                </td>
                {canDecide && (
                  <td data-label={t('money.actions')}>
                    {row.status === 'PENDING' && (
                      <DecisionButtons
                        approveLabel={t('money.approve')}
                        rejectLabel={t('money.reject')}
                        onDecide={(decision) => {
                          decide.reset();
                          setDeciding({ row, decision });
                        }}
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
          {list.data?.list.length === 0 && <EmptyRow colSpan={canDecide ? 7 : 6} />}
        </tbody>
      </table>
      <Pager page={list.data} onPage={setPageNo} />
      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          pending={decide.isPending}
          error={decide.error instanceof ApiError ? decide.error.message : decide.error?.message}
          onCancel={() => setDeciding(undefined)}
          onConfirm={confirm}
          summary={
            <>
              <strong>
                {t(
                  deciding.decision === 'approve'
                    ? `money.approveWhat.${queue}`
                    : `money.rejectWhat.${queue}`,
                  {
                    amount: deciding.row.amount,
                    name: deciding.row.userName,
                  },
                )}
              </strong>
              <span className="mono muted">{idOf(deciding.row)}</span>
            </>
          }
        />
      )}
    </section>
  );
}

/** Deposits and withdrawals per day in the operator's time zone, with totals and what waits. */
function DailySummary() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const summary = useQuery({
    queryKey: ['money-summary', range],
    queryFn: () =>
      boFetch<MoneySummary>(
        `/bo/api/money-summary?${new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString()}`,
      ),
  });
  const data = summary.data;
  return (
    <section className="card section" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('money.summaryTitle')}</h2>
      <div className="filters">
        <label className="field">
          <span>{t('money.from')}</span>
          <input
            type="date"
            value={range.startDate}
            onChange={(e) => setRange((r) => ({ ...r, startDate: e.target.value }))}
          />
        </label>
        <label className="field">
          <span>{t('money.to')}</span>
          <input
            type="date"
            value={range.endDate}
            onChange={(e) => setRange((r) => ({ ...r, endDate: e.target.value }))}
          />
        </label>
        {data && <span className="hint">{t('money.timeZone', { zone: data.timeZone })}</span>}
      </div>
      {summary.error && <p className="alert">{summary.error.message}</p>}
      {data && (
        <>
          <div className="summary-totals">
            <div>
              <span className="muted">{t('money.deposits')}</span>
              <strong className="mono">{data.totals.depositAmount}</strong>
              <span className="muted">{t('money.count', { count: data.totals.depositCount })}</span>
            </div>
            <div>
              <span className="muted">{t('money.withdrawals')}</span>
              <strong className="mono">{data.totals.withdrawalAmount}</strong>
              <span className="muted">{t('money.count', { count: data.totals.withdrawalCount })}</span>
            </div>
            <div>
              <span className="muted">{t('money.net')}</span>
              <strong className="mono">{data.totals.net}</strong>
            </div>
            <div>
              <span className="muted">{t('money.waiting')}</span>
              <strong>
                {t('money.waitingValue', {
                  deposits: data.totals.pendingDeposits,
                  withdrawals: data.totals.pendingWithdrawals,
                })}
              </strong>
            </div>
          </div>
          <table className="table compact stack-narrow">
            <thead>
              <tr>
                <th>{t('money.day')}</th>
                <th className="amount">{t('money.deposits')}</th>
                <th className="amount">{t('money.withdrawals')}</th>
                <th className="amount">{t('money.net')}</th>
                <th className="amount">{t('money.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.day}>
                  <td data-label={t('money.day')} className="mono">
                    {d.day}
                  </td>
                  <td data-label={t('money.deposits')} className="amount mono">
                    {d.depositAmount} ({d.depositCount})
                  </td>
                  <td data-label={t('money.withdrawals')} className="amount mono">
                    {d.withdrawalAmount} ({d.withdrawalCount})
                  </td>
                  <td data-label={t('money.net')} className="amount mono">
                    {d.net}
                  </td>
                  <td data-label={t('money.waiting')} className="amount mono">
                    {d.pendingDeposits} / {d.pendingWithdrawals}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** Money desk: the deposit and withdrawal queues, each decision confirmed and audited, and the day's totals. */
export function MoneyDeskPage() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<Queue>('deposits');
  const { role, can } = useStaffRole();
  const channels = useQuery({
    queryKey: ['payment-channels'],
    queryFn: () => boFetch<PaymentChannel[]>('/bo/api/payment-channels'),
    enabled: can('money.summary'),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('money.title')}</h1>
        {role && (
          <span className="status">
            {t('roles.yourRole', { role: t(`roles.names.${role}`, { defaultValue: role }) })}
          </span>
        )}
      </div>
      <div className="tabs" role="tablist" aria-label={t('money.title')}>
        {(['deposits', 'withdrawals'] as const).map((q) => (
          <button key={q} type="button" role="tab" aria-selected={queue === q} onClick={() => setQueue(q)}>
            {t(`money.${q}`)}
          </button>
        ))}
      </div>
      <QueueTable key={queue} queue={queue} channels={channels.data ?? []} />
      {can('money.summary') && <DailySummary />}
    </section>
  );
}
