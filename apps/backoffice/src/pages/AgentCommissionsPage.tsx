import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMISSION_STATUSES,
  type BoCommission,
  type BoCommissionPage,
  type BoCommissionRun,
  type BoCommissionSettings,
} from '@playhouse/contract/agents';
import { boFetch } from '../api.ts';
import { Pager } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';

const KEY = 'agent-commissions';
const PAGE_SIZE = 20;

/** The job's auto-approval limit, and a pass of the job now. */
function JobCard({ onNotice }: { onNotice: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = useStaffRole();
  const settings = useQuery({
    queryKey: [KEY, 'settings'],
    queryFn: () => boFetch<BoCommissionSettings>('/bo/api/agents/commission-settings'),
  });
  const [limit, setLimit] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () =>
      boFetch<BoCommissionSettings>('/bo/api/agents/commission-settings', {
        method: 'PUT',
        body: { autoApproveLimit: limit ?? settings.data?.autoApproveLimit ?? '0.00' },
      }),
    onSuccess: () => {
      onNotice(t('agents.saved'));
      void queryClient.invalidateQueries({ queryKey: [KEY] });
    },
  });
  const run = useMutation({
    mutationFn: () => boFetch<BoCommissionRun>('/bo/api/agents/commissions/run', { method: 'POST' }),
    onSuccess: (r) => {
      onNotice(r.ran ? t('commissions.ran', { computed: r.computed, paid: r.paid }) : t('commissions.busy'));
      void queryClient.invalidateQueries({ queryKey: [KEY] });
    },
  });
  return (
    <form
      className="card section"
      aria-labelledby="commission-job-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="commission-job-title">{t('commissions.job')}</h2>
      <label className="field">
        <span>{t('commissions.autoApprove')}</span>
        <input
          inputMode="decimal"
          value={limit ?? settings.data?.autoApproveLimit ?? ''}
          readOnly={!role.can('agents.write')}
          onChange={(e) => setLimit(e.target.value)}
        />
      </label>
      <p className="hint">{t('commissions.autoApproveHint')}</p>
      {(save.error ?? run.error) && <p className="alert">{(save.error ?? run.error)!.message}</p>}
      <div className="actions">
        {role.can('agents.payout') && (
          <button type="button" className="btn" disabled={run.isPending} onClick={() => run.mutate()}>
            {t('commissions.run')}
          </button>
        )}
        {role.can('agents.write') && (
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('agents.save')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Agent commissions: every agent's contract and period with the team's turnover and net loss, the
 * commission, what was paid and the difference a recompute found; finance approves (and so pays,
 * once), rejects or recomputes.
 */
export function AgentCommissionsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canPay = useStaffRole().can('agents.payout');
  const [status, setStatus] = useState('');
  const [userName, setUserName] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  if (userName.trim()) query.set('userName', userName.trim());
  const list = useQuery({
    queryKey: [KEY, query.toString()],
    queryFn: () => boFetch<BoCommissionPage>(`/bo/api/agents/commissions?${query.toString()}`),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'approve' | 'reject' | 'recompute' }) =>
      boFetch<BoCommission>(`/bo/api/agents/commissions/${id}/${action}`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
  const when = new Intl.DateTimeFormat(i18n.language === 'EN' ? 'en' : undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const data = list.data;
  return (
    <>
      <div className="page-head">
        <h1>{t('commissions.title')}</h1>
      </div>
      {notice && (
        <p className="notice-ok" role="status">
          {notice}
        </p>
      )}
      <JobCard onNotice={setNotice} />
      <div className="card section">
        <div className="grid-2">
          <label className="field">
            <span>{t('agents.userName')}</span>
            <input
              type="search"
              value={userName}
              onChange={(e) => {
                setUserName(e.target.value);
                setPage(1);
              }}
            />
          </label>
          <label className="field">
            <span>{t('agentContracts.status')}</span>
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('commissions.all')}</option>
              {COMMISSION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`commissions.statuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {data && (
          <p className="hint">
            {t('commissions.totals', { amount: data.totalAmount, paid: data.totalPaid })}
          </p>
        )}
        {list.error && <p className="alert">{list.error.message}</p>}
        {act.error && <p className="alert">{act.error.message}</p>}
        {data && data.items.length === 0 ? (
          <p className="empty">{t('commissions.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th>{t('agents.userName')}</th>
                  <th>{t('agentContracts.kind')}</th>
                  <th>{t('commissions.period')}</th>
                  <th className="num">{t('commissions.turnover')}</th>
                  <th className="num">{t('commissions.netLoss')}</th>
                  <th className="num">{t('commissions.players')}</th>
                  <th className="num">{t('commissions.amount')}</th>
                  <th className="num">{t('commissions.paid')}</th>
                  <th className="num">{t('commissions.difference')}</th>
                  <th>{t('agentContracts.status')}</th>
                  {canPay && <th />}
                </tr>
              </thead>
              <tbody>
                {data?.items.map((c) => (
                  <tr key={c.id}>
                    <td className="mono">{c.userName}</td>
                    <td>{t(`agentContracts.kinds.${c.kind}`)}</td>
                    <td className="nowrap">{when.format(c.periodStart)}</td>
                    <td className="num">{c.turnover}</td>
                    <td className="num">{c.netLoss}</td>
                    <td className="num">{c.activeMembers}</td>
                    <td className="num">
                      {c.amount}
                      {c.previousAmount !== null && c.previousAmount !== c.amount && (
                        <small className="hint">
                          {' '}
                          ({t('commissions.previous', { amount: c.previousAmount })})
                        </small>
                      )}
                    </td>
                    <td className="num">{c.paid}</td>
                    <td className="num">
                      {Number(c.difference) !== 0 && c.status !== 'rejected' ? c.difference : '—'}
                    </td>
                    <td>
                      <span
                        className={
                          c.status === 'paid'
                            ? 'badge badge-on'
                            : c.status === 'pending'
                              ? 'badge badge-warn'
                              : 'badge'
                        }
                      >
                        {t(`commissions.statuses.${c.status}`)}
                      </span>
                    </td>
                    {canPay && (
                      <td className="nowrap">
                        {c.status === 'pending' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={act.isPending}
                              onClick={() => act.mutate({ id: c.id, action: 'approve' })}
                            >
                              {t('commissions.approve')}
                            </button>{' '}
                            <button
                              type="button"
                              className="btn"
                              disabled={act.isPending}
                              onClick={() => act.mutate({ id: c.id, action: 'reject' })}
                            >
                              {t('commissions.reject')}
                            </button>{' '}
                          </>
                        )}
                        <button
                          type="button"
                          className="btn"
                          disabled={act.isPending}
                          onClick={() => act.mutate({ id: c.id, action: 'recompute' })}
                        >
                          {t('commissions.recompute')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={
            data && {
              pageNo: data.page,
              totalPages: Math.ceil(data.total / data.pageSize),
              totalCount: data.total,
            }
          }
          onPage={setPage}
        />
      </div>
    </>
  );
}
export default AgentCommissionsPage;
