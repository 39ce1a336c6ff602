import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import type {
  MemberAuditPage,
  MemberBonusPage,
  MemberDeskSession,
  MemberLoginPage,
  MemberNotePage,
  MemberOverview,
} from '@playhouse/contract/member-desk';
import type { DeskDeposit, DeskWithdrawal } from '@playhouse/contract/payments';
import type { OrdersPage } from '@playhouse/contract/play';
import { ApiError, boFetch, type Page } from '../api.ts';
import { actionLabel } from './AuditPage.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { typeLabel } from './MembersPage.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './money.css';
import './members.css';

const TABS = [
  'ledger',
  'money',
  'bets',
  'bonuses',
  'limits',
  'sessions',
  'logins',
  'notes',
  'audit',
] as const;
type Tab = (typeof TABS)[number];

function useTag() {
  const { i18n } = useTranslation();
  return findLanguage(i18n.language)?.tag ?? 'en';
}

/** A paged list of one of the member's things, shown as a table with its own pager. */
function Paged<T>({
  queryKey,
  url,
  head,
  row,
}: {
  queryKey: unknown[];
  url: (pageNo: number) => string;
  head: string[];
  row: (item: T) => ReactNode;
}) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: [...queryKey, pageNo],
    queryFn: () => boFetch<Page<T>>(url(pageNo)),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      {query.error && <p className="alert">{query.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.data?.list.map(row)}
          {query.data?.list.length === 0 && <EmptyRow colSpan={head.length} />}
        </tbody>
      </table>
      <Pager page={query.data} onPage={setPageNo} />
    </>
  );
}

/** A table cell labelled by its column at phone width. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={className}>
      <span>{children}</span>
    </td>
  );
}

function Ledger({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const tag = useTag();
  const head = [
    t('table.time'),
    t('wallet.kind'),
    t('wallet.reference'),
    t('wallet.amount'),
    t('wallet.balanceAfter'),
  ];
  return (
    <Paged<{
      id: number;
      createdAt: number;
      kind: string;
      reference: string | null;
      amount: string;
      currency: string;
      balanceAfter: string | null;
    }>
      queryKey={['member-ledger', userName]}
      url={(p) => `/bo/api/members/${encodeURIComponent(userName)}/ledger?pageNo=${p}&pageSize=20`}
      head={head}
      row={(e) => (
        <tr key={e.id}>
          <Cell label={head[0]!} className="nowrap">
            {formatTime(e.createdAt, tag)}
          </Cell>
          <Cell label={head[1]!} className="mono">
            {e.kind}
          </Cell>
          <Cell label={head[2]!} className="mono wrap-anywhere">
            {e.reference}
          </Cell>
          <Cell label={head[3]!} className="mono nowrap">{`${e.amount} ${e.currency}`}</Cell>
          <Cell label={head[4]!} className="mono">
            {e.balanceAfter}
          </Cell>
        </tr>
      )}
    />
  );
}

function MoneyLists({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const tag = useTag();
  const head = [t('table.time'), t('members.id'), t('wallet.amount'), t('money.statusFilter')];
  const list = (queue: 'deposits' | 'withdrawals') => (
    <section className="section" aria-label={t(`money.${queue}`)}>
      <h3>{t(`money.${queue}`)}</h3>
      <Paged<DeskDeposit | DeskWithdrawal>
        queryKey={['member-money', queue, userName]}
        url={(p) => `/bo/api/${queue}?userName=${encodeURIComponent(userName)}&pageNo=${p}&pageSize=10`}
        head={head}
        row={(d) => {
          const id = 'depositId' in d ? d.depositId : d.withdrawalId;
          return (
            <tr key={id}>
              <Cell label={head[0]!} className="nowrap">
                {formatTime(d.createdAt, tag)}
              </Cell>
              <Cell label={head[1]!} className="mono wrap-anywhere">
                {id}
              </Cell>
              <Cell label={head[2]!} className="mono">
                {d.amount}
              </Cell>
              <Cell label={head[3]!}>
                <span className={`status status-${d.status}`}>{t(`money.status.${d.status}`)}</span>
              </Cell>
            </tr>
          );
        }}
      />
    </section>
  );
  return (
    <>
      {list('deposits')}
      {list('withdrawals')}
    </>
  );
}

function Bets({ id }: { id: number }) {
  const { t } = useTranslation();
  const tag = useTag();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['member-bets', id, pageNo],
    queryFn: () => boFetch<OrdersPage>(`/bo/api/members/${id}/bets?pageNo=${pageNo}&pageSize=20`),
    placeholderData: keepPreviousData,
  });
  const head = [
    t('table.time'),
    t('members.game'),
    t('members.round'),
    t('members.stake'),
    t('members.win'),
    t('members.status'),
  ];
  return (
    <>
      {query.error && <p className="alert">{query.error.message}</p>}
      {query.data && <p className="hint">{t('members.betTotals', query.data.totals)}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.data?.list.map((o) => (
            <tr key={o.roundId}>
              <Cell label={head[0]!} className="nowrap">
                {formatTime(o.settledAt, tag)}
              </Cell>
              <Cell label={head[1]!}>
                <bdi>{o.gameName}</bdi> · {o.vendor}
              </Cell>
              <Cell label={head[2]!} className="mono wrap-anywhere">
                {o.roundId}
              </Cell>
              <Cell label={head[3]!} className="mono">
                {o.stake}
              </Cell>
              <Cell label={head[4]!} className="mono">
                {o.win}
              </Cell>
              <Cell label={head[5]!}>{t(`members.orderStatus.${o.status}`)}</Cell>
            </tr>
          ))}
          {query.data?.list.length === 0 && <EmptyRow colSpan={head.length} />}
        </tbody>
      </table>
      <Pager page={query.data} onPage={setPageNo} />
    </>
  );
}

function Bonuses({ id, turnover }: { id: number; turnover: MemberOverview['turnover'] }) {
  const { t } = useTranslation();
  const tag = useTag();
  const head = [
    t('table.time'),
    t('members.bonusSource'),
    t('wallet.amount'),
    t('members.turnover'),
    t('members.status'),
  ];
  return (
    <>
      <p className="hint">{t('members.turnoverValue', turnover)}</p>
      <Paged<MemberBonusPage['list'][number]>
        queryKey={['member-bonuses', id]}
        url={(p) => `/bo/api/members/${id}/bonuses?pageNo=${p}&pageSize=20`}
        head={head}
        row={(b) => (
          <tr key={`${b.source}-${b.id}`}>
            <Cell label={head[0]!} className="nowrap">
              {formatTime(b.createdAt, tag)}
            </Cell>
            <Cell label={head[1]!}>
              {t(`members.bonusSources.${b.source}`)} · <span className="mono">{b.name}</span>
            </Cell>
            <Cell label={head[2]!} className="mono">
              {b.amount}
            </Cell>
            <Cell label={head[3]!} className="mono">
              {b.turnover}
            </Cell>
            <Cell label={head[4]!}>
              <span className={`status status-${b.status}`}>
                {t(`money.status.${b.status}`, { defaultValue: b.status })}
              </span>
            </Cell>
          </tr>
        )}
      />
    </>
  );
}

function Limits({ limits }: { limits: MemberOverview['limits'] }) {
  const { t } = useTranslation();
  const tag = useTag();
  if (!limits) return <p className="hint">{t('members.noLimitsTrial')}</p>;
  const periods = ['day', 'week', 'month'] as const;
  const until = (ms: number | null) => (ms ? formatTime(ms, tag) : t('members.none'));
  return (
    <>
      <p className="hint">{t('members.limitsHint')}</p>
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('members.limit')}</th>
            {periods.map((p) => (
              <th key={p}>{t(`members.periods.${p}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['deposit', 'loss', 'wager'] as const).map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`members.limitKinds.${kind}`)}</th>
              {periods.map((p) => (
                <Cell key={p} label={t(`members.periods.${p}`)} className="mono">
                  {t('members.usedOf', {
                    used: limits.used[kind][p],
                    limit: limits[kind][p] ?? t('members.noLimit'),
                  })}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="member-facts">
        <dt>{t('members.timeoutUntil')}</dt>
        <dd>{until(limits.timeoutUntil)}</dd>
        <dt>{t('members.selfExcludedUntil')}</dt>
        <dd>{until(limits.selfExcludedUntil)}</dd>
        <dt>{t('members.realityCheck')}</dt>
        <dd>
          {limits.realityCheckMinutes
            ? t('members.minutes', { count: limits.realityCheckMinutes })
            : t('members.none')}
        </dd>
      </dl>
    </>
  );
}

function Sessions({ id }: { id: number }) {
  const { t } = useTranslation();
  const tag = useTag();
  const queryClient = useQueryClient();
  const canEnd = useStaffRole().can('members.write');
  const query = useQuery({
    queryKey: ['member-sessions', id],
    queryFn: () => boFetch<{ list: MemberDeskSession[] }>(`/bo/api/members/${id}/sessions`),
  });
  const revoke = useMutation({
    mutationFn: (sessionId: number) =>
      boFetch<{ revoked: number }>(`/bo/api/members/${id}/sessions/${sessionId}/revoke`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['member-sessions', id] });
      void queryClient.invalidateQueries({ queryKey: ['member', id] });
    },
  });
  const head = [t('members.signedIn'), t('members.lastSeen'), t('members.device'), t('members.ip'), ''];
  return (
    <>
      {revoke.isSuccess && (
        <p className="notice-ok" role="status">
          {t('members.sessionEnded')}
        </p>
      )}
      {(query.error ?? revoke.error) && <p className="alert">{(query.error ?? revoke.error)?.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.data?.list.map((s) => (
            <tr key={s.id}>
              <Cell label={head[0]!} className="nowrap">
                {formatTime(s.createdAt, tag)}
              </Cell>
              <Cell label={head[1]!} className="nowrap">
                {formatTime(s.lastSeenAt, tag)}
              </Cell>
              <Cell label={head[2]!} className="wrap-anywhere">
                <span title={s.userAgent ?? ''}>{s.device ?? s.userAgent ?? '—'}</span>
              </Cell>
              <Cell label={head[3]!} className="mono">
                {s.ip}
              </Cell>
              <td>
                {canEnd && (
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(s.id)}
                  >
                    {t('members.endSession')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {query.data?.list.length === 0 && <EmptyRow colSpan={head.length} />}
        </tbody>
      </table>
    </>
  );
}

function Logins({ id }: { id: number }) {
  const { t } = useTranslation();
  const tag = useTag();
  const head = [t('table.time'), t('members.result'), t('members.method'), t('members.ip')];
  return (
    <Paged<MemberLoginPage['list'][number]>
      queryKey={['member-logins', id]}
      url={(p) => `/bo/api/members/${id}/logins?pageNo=${p}&pageSize=20`}
      head={head}
      row={(l) => (
        <tr key={l.id}>
          <Cell label={head[0]!} className="nowrap">
            {formatTime(l.at, tag)}
          </Cell>
          <Cell label={head[1]!}>
            <span className={`badge ${l.ok ? 'badge-on' : 'badge-warn'}`}>
              {t(l.ok ? 'members.loginOk' : 'members.loginFailed')}
            </span>
          </Cell>
          <Cell label={head[2]!} className="mono">
            {l.method}
          </Cell>
          <Cell label={head[3]!} className="mono">
            {l.ip}
          </Cell>
        </tr>
      )}
    />
  );
}

function Notes({ id, tags }: { id: number; tags: string[] }) {
  const { t } = useTranslation();
  const tag = useTag();
  const queryClient = useQueryClient();
  const canWrite = useStaffRole().can('members.notes');
  const [body, setBody] = useState('');
  const [tagDraft, setTagDraft] = useState(tags.join(', '));
  const add = useMutation({
    mutationFn: () => boFetch(`/bo/api/members/${id}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: ['member-notes', id] });
    },
  });
  const saveTags = useMutation({
    mutationFn: () =>
      boFetch<{ tags: string[] }>(`/bo/api/members/${id}/tags`, {
        method: 'PUT',
        body: {
          tags: tagDraft
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        },
      }),
    onSuccess: (r) => {
      setTagDraft(r.tags.join(', '));
      void queryClient.invalidateQueries({ queryKey: ['member', id] });
    },
  });
  const noteErrors = add.error instanceof ApiError ? add.error.fields.body : undefined;
  const tagErrors = saveTags.error instanceof ApiError ? Object.values(saveTags.error.fields).flat() : [];
  const head = [t('table.time'), t('members.by'), t('members.note')];
  return (
    <>
      {canWrite && (
        <div className="grid-2">
          <form
            className="card section"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate();
            }}
          >
            <label className="field">
              <span>{t('members.noteLabel')}</span>
              <textarea
                value={body}
                onChange={(e) => setBody(e.target.value)}
                rows={3}
                maxLength={2000}
                required
                dir="auto"
                aria-invalid={noteErrors ? true : undefined}
              />
              {noteErrors && <small className="field-error">{noteErrors.join(', ')}</small>}
            </label>
            {add.error && !noteErrors && <p className="alert">{add.error.message}</p>}
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {t('members.addNote')}
            </button>
          </form>
          <form
            className="card section"
            onSubmit={(e) => {
              e.preventDefault();
              saveTags.mutate();
            }}
          >
            <label className="field">
              <span>{t('members.tags')}</span>
              <input value={tagDraft} onChange={(e) => setTagDraft(e.target.value)} autoComplete="off" />
              <small className="hint">{t('members.tagsHint')}</small>
              {tagErrors.length > 0 && <small className="field-error">{tagErrors.join(', ')}</small>}
            </label>
            {saveTags.isSuccess && (
              <p className="notice-ok" role="status">
                {t('members.tagsSaved')}
              </p>
            )}
            <button type="submit" className="btn" disabled={saveTags.isPending}>
              {t('members.saveTags')}
            </button>
          </form>
        </div>
      )}
      <Paged<MemberNotePage['list'][number]>
        queryKey={['member-notes', id]}
        url={(p) => `/bo/api/members/${id}/notes?pageNo=${p}&pageSize=20`}
        head={head}
        row={(n) => (
          <tr key={n.id}>
            <Cell label={head[0]!} className="nowrap">
              {formatTime(n.createdAt, tag)}
            </Cell>
            <Cell label={head[1]!}>
              <bdi>{n.staff}</bdi>
            </Cell>
            <Cell label={head[2]!} className="member-note">
              <bdi>{n.body}</bdi>
            </Cell>
          </tr>
        )}
      />
    </>
  );
}

function StaffActions({ id }: { id: number }) {
  const { t } = useTranslation();
  const tag = useTag();
  const head = [t('table.time'), t('members.by'), t('audit.action'), t('audit.ip')];
  return (
    <Paged<MemberAuditPage['list'][number]>
      queryKey={['member-audit', id]}
      url={(p) => `/bo/api/members/${id}/audit?pageNo=${p}&pageSize=20`}
      head={head}
      row={(a) => (
        <tr key={a.id}>
          <Cell label={head[0]!} className="nowrap">
            {formatTime(a.at, tag)}
          </Cell>
          <Cell label={head[1]!}>
            <bdi>{a.staff}</bdi>
          </Cell>
          <Cell label={head[2]!}>
            <span title={a.detail ?? ''}>{actionLabel(t, a.action)}</span>
          </Cell>
          <Cell label={head[3]!} className="mono">
            {a.ip}
          </Cell>
        </tr>
      )}
    />
  );
}

/**
 * One member: who they are, their status and balance, and a tab for each thing staff look at (money,
 * bets, bonuses, limits they set themselves, sessions, sign-ins, notes and tags, what staff did).
 * Tabs a role cannot read are not offered.
 */
export default function MemberPage() {
  const { t } = useTranslation();
  const tag = useTag();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const { can } = useStaffRole();
  const [tab, setTab] = useState<Tab>('sessions');
  const query = useQuery({
    queryKey: ['member', id],
    queryFn: () => boFetch<MemberOverview>(`/bo/api/members/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const status = useMutation({
    mutationFn: (next: 'active' | 'disabled') =>
      boFetch(`/bo/api/members/${id}/status`, { method: 'PUT', body: { status: next } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['member', id] }),
  });
  const tabs = TABS.filter((x) =>
    x === 'ledger' ? can('ledger.read') : x === 'audit' ? can('audit.read') : true,
  );
  if (query.error) return <p className="alert">{query.error.message}</p>;
  const data = query.data;
  if (!data) return <p className="empty">{t('table.loading')}</p>;
  const m = data.member;
  const facts: [string, ReactNode][] = [
    [
      t('members.fields.mobile'),
      m.mobile ? (
        <span dir="ltr">{`+${(m.countryDialingCode ?? '').replace(/^\+/, '')} ${m.mobile}`}</span>
      ) : (
        '—'
      ),
    ],
    [t('members.fields.email'), m.email ? <bdi>{m.email}</bdi> : '—'],
    [t('members.fields.realName'), m.realName ? <bdi>{m.realName}</bdi> : '—'],
    [t('members.nickname'), m.nickname ? <bdi>{m.nickname}</bdi> : '—'],
    [t('members.fields.affiliateCode'), m.affiliateCode ?? '—'],
    [t('members.upline'), m.upline ? <bdi>{m.upline}</bdi> : '—'],
    [t('members.vip'), m.vipLabel ?? String(m.vipLevel)],
    [t('members.createdAt'), formatTime(m.createdAt, tag)],
    [t('members.lastLoginAt'), m.lastLoginAt ? formatTime(m.lastLoginAt, tag) : '—'],
    [t('members.registerMethod'), m.registerMethod ?? '—'],
  ];
  return (
    <section className="member-page">
      <p>
        <Link to="/members">{t('members.back')}</Link>
      </p>
      <div className="page-head">
        <div className="member-title">
          <h1>
            <bdi>{m.userName}</bdi>
          </h1>
          <span className={`badge ${m.status === 'active' ? 'badge-on' : 'badge-off'}`}>
            {t(`members.statuses.${m.status}`)}
          </span>
          <span className="badge badge-off">{typeLabel(t, m.type)}</span>
          {data.tags.map((x) => (
            <span key={x} className="badge badge-warn">
              {x}
            </span>
          ))}
        </div>
        {can('members.write') && (
          <button
            type="button"
            className={`btn ${m.status === 'active' ? 'btn-danger' : ''} tab-end`}
            disabled={status.isPending}
            onClick={() => status.mutate(m.status === 'active' ? 'disabled' : 'active')}
          >
            {t(m.status === 'active' ? 'members.disable' : 'members.enable')}
          </button>
        )}
      </div>
      {status.error && <p className="alert">{status.error.message}</p>}
      <div className="member-summary">
        <div className="card member-stat">
          <span>{t('members.balance')}</span>
          <strong className="mono" dir="ltr">{`${data.balance} ${m.currency}`}</strong>
        </div>
        <div className="card member-stat">
          <span>{t('members.turnover')}</span>
          <strong className="mono">{data.turnover.remaining}</strong>
          <small className="hint">{t('members.turnoverValue', data.turnover)}</small>
        </div>
        <div className="card member-stat">
          <span>{t('members.liveSessions')}</span>
          <strong>{data.liveSessions}</strong>
        </div>
      </div>
      <dl className="card member-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="tabs member-tabs" role="tablist" aria-label={t('members.title')}>
        {tabs.map((x) => (
          <button key={x} type="button" role="tab" aria-selected={tab === x} onClick={() => setTab(x)}>
            {t(`members.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="section">
        {tab === 'ledger' && <Ledger userName={m.userName} />}
        {tab === 'money' && <MoneyLists userName={m.userName} />}
        {tab === 'bets' && <Bets id={id} />}
        {tab === 'bonuses' && <Bonuses id={id} turnover={data.turnover} />}
        {tab === 'limits' && <Limits limits={data.limits} />}
        {tab === 'sessions' && <Sessions id={id} />}
        {tab === 'logins' && <Logins id={id} />}
        {tab === 'notes' && <Notes key={data.tags.join()} id={id} tags={data.tags} />}
        {tab === 'audit' && <StaffActions id={id} />}
      </div>
    </section>
  );
}
