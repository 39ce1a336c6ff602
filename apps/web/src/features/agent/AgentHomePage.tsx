import { isAgentType, NO_TRANSFER_UP_TYPE } from '@playhouse/contract/agents';
import { findLanguage } from '@playhouse/contract/languages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useMemberInfo, useSession } from '../../session/session.ts';
import { ShareLink } from '../../components/share-link/ShareLinkCard.tsx';
import { Icon } from '../../shell/Icon.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import { useFundPasswordStatus } from '../../components/fund-password/api.ts';
import { showToast } from '../../shell/toast.tsx';
import { useAgentHome, useAgentTransfer, useTeam, useTeamKpi, type AgentHome, type TeamKpi } from './api.ts';
import { browserTimeZone, PERIODS, periodDays, type PeriodId } from './periods.ts';
import './agent.css';
import { currencySymbol } from '@playhouse/contract/money';

/** My registration link, its QR code and my affiliate code. */
function InviteCard({ home }: { home: AgentHome }) {
  const { t } = useTranslation('agent');
  const site = useSiteStatus()?.info.siteName ?? '';
  return (
    <div className="agent-card agent-invite">
      <h2>{t('invite.title')}</h2>
      <ShareLink
        id="agent-link"
        qr={home.qr}
        link={home.link}
        code={home.code}
        qrSize={168}
        texts={{
          qrAlt: t('invite.qrAlt'),
          qrHint: t('invite.qr'),
          link: t('invite.link'),
          code: t('invite.code'),
          copy: t('copy'),
          copied: t('copied'),
          copyFailed: t('copyFailed'),
          share: t('share'),
          shareTitle: t('title'),
          shareText: t('shareText', { site }),
        }}
      />
    </div>
  );
}

const MONEY_FIGURES = ['turnover', 'payout', 'profitLoss', 'deposits', 'withdrawals'] as const;

/** The team's figures over the chosen period (spec "Team KPI"). */
function KpiCard() {
  const { t } = useTranslation('agent');
  const [period, setPeriod] = useState<PeriodId>('today');
  const [timeZone] = useState(browserTimeZone);
  const kpi = useTeamKpi({ ...periodDays(period), timeZone });
  const k: TeamKpi | undefined = kpi.data;
  return (
    <div className="agent-card">
      <h2>{t('kpi.title')}</h2>
      <div className="agent-periods" role="group" aria-label={t('kpi.period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
            {t(`periods.${p}`)}
          </button>
        ))}
      </div>
      {kpi.isError ? (
        <p className="agent-muted" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void kpi.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : (
        <dl className="agent-kpis" aria-busy={kpi.isPending}>
          <div>
            <dt>{t('kpi.registrations')}</dt>
            <dd>{k ? k.registrations : '—'}</dd>
          </div>
          <div>
            <dt>{t('kpi.firstDeposits')}</dt>
            <dd>
              {k ? k.firstDeposits : '—'}
              {k && k.firstDeposits > 0 && (
                <small dir="ltr"> · {formatMoney(Number(k.firstDepositAmount))}</small>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('kpi.bettors')}</dt>
            <dd>{k ? k.bettors : '—'}</dd>
          </div>
          {MONEY_FIGURES.map((f) => (
            <div
              key={f}
              className={f === 'profitLoss' && k && Number(k.profitLoss) < 0 ? 'is-loss' : undefined}
            >
              <dt>{t(`kpi.${f}`)}</dt>
              <dd>
                <span dir="ltr">{k ? formatMoney(Number(k[f])) : '—'}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="agent-muted">{t('kpi.note', { currency: k?.currency ?? '' })}</p>
    </div>
  );
}

/** My downline: searchable, direct members alone on request, twenty a page. */
function TeamCard() {
  const { t, i18n } = useTranslation('agent');
  const [userName, setUserName] = useState('');
  const [direct, setDirect] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const team = useTeam({ pageNo, userName, direct });
  const date = new Intl.DateTimeFormat(findLanguage(i18n.language)?.tag ?? 'en', { dateStyle: 'medium' });
  const page = team.data;
  const searching = Boolean(userName.trim()) || direct;
  return (
    <div className="agent-card">
      <h2>{t('members.title')}</h2>
      <div className="agent-search">
        <Icon name="search" />
        <input
          type="search"
          value={userName}
          maxLength={64}
          placeholder={t('members.search')}
          aria-label={t('members.search')}
          onChange={(e) => {
            setUserName(e.target.value);
            setPageNo(1);
          }}
        />
      </div>
      <label className="agent-toggle">
        <input
          type="checkbox"
          checked={direct}
          onChange={(e) => {
            setDirect(e.target.checked);
            setPageNo(1);
          }}
        />
        {t('members.directOnly')}
      </label>
      {team.isError && (
        <p className="agent-muted" role="alert">
          {t('loadFailed')}
        </p>
      )}
      {page && page.list.length === 0 ? (
        <p className="agent-muted">{searching ? t('members.noMatch') : t('members.empty')}</p>
      ) : (
        <ul className="agent-members" aria-busy={team.isPending}>
          {page?.list.map((m) => (
            <li key={m.userName}>
              <span className="agent-member-name" dir="ltr">
                {m.userName}
              </span>
              <span className="agent-tier">
                {m.depth === 1 ? t('members.direct') : t('members.tier', { depth: m.depth })}
              </span>
              {m.agent && <span className="agent-badge">{t('members.agent')}</span>}
              <span className="agent-muted agent-joined">
                {t('members.joined', { date: date.format(m.registeredAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page && page.totalPages > 1 && (
        <nav className="agent-pager" aria-label={t('members.pages')}>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={pageNo <= 1}
            onClick={() => setPageNo((p) => p - 1)}
          >
            {t('members.previous')}
          </button>
          <span>{t('members.page', { page: page.pageNo, pages: page.totalPages })}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={pageNo >= page.totalPages}
            onClick={() => setPageNo((p) => p + 1)}
          >
            {t('members.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

/** The three contract pages of spec §2. */
const CONTRACT_LINKS = [
  { kind: 'salary', to: '/m/member/agent/getSalaryContract' },
  { kind: 'hourly', to: '/m/member/agent/getHourContract' },
  { kind: 'dividend', to: '/m/member/agent/getDevidendContract' },
] as const;

function ContractsCard() {
  const { t } = useTranslation('agent');
  return (
    <nav className="agent-card" aria-labelledby="agent-contracts-title">
      <h2 id="agent-contracts-title">{t('contracts.title')}</h2>
      <ul className="agent-links">
        {CONTRACT_LINKS.map((c) => (
          <li key={c.kind}>
            <Link to={c.to}>
              <Icon name="coins" />
              <span>{t(`contracts.kinds.${c.kind}`)}</span>
              <Icon name="chevron" className="agent-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const newRequestId = () =>
  `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`.slice(0, 40);

/**
 * Money to a member of my team (any depth), or to my upline where the operator allows transfers up
 * (TRANSUP3) and my type may (type 2 never): with my fund password, one request id per transfer so a
 * retried tap moves money once.
 */
function TransferCard({ home }: { home: AgentHome }) {
  const { t } = useTranslation('agent');
  const formId = useId();
  const info = useSiteStatus()?.info;
  const fund = useFundPasswordStatus();
  const transfer = useAgentTransfer();
  const upOffered =
    Boolean(info?.whitelabel.TRANSUP3) && home.type !== NO_TRANSFER_UP_TYPE && home.upline !== null;
  const [direction, setDirection] = useState<'down' | 'up'>('down');
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const to = direction === 'up' ? (home.upline ?? '') : userName.trim();
  const fields = transfer.error instanceof ApiError ? transfer.error.fields : {};
  return (
    <form
      className="agent-card agent-form"
      aria-labelledby={`${formId}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        transfer.mutate(
          { userName: to, direction, amount: amount.trim(), fundPassword, requestId },
          {
            onSuccess: (r) => {
              showToast(
                t('transfer.done', {
                  amount: formatMoney(Number(r.amount)),
                  name: r.userName,
                  balance: formatMoney(Number(r.balance)),
                }),
                { kind: 'success' },
              );
              setAmount('');
              setFundPassword('');
              setRequestId(newRequestId());
            },
          },
        );
      }}
    >
      <h2 id={`${formId}-title`}>{t('transfer.title')}</h2>
      {upOffered && (
        <div className="agent-periods" role="group" aria-label={t('transfer.title')}>
          {(['down', 'up'] as const).map((d) => (
            <button key={d} type="button" aria-pressed={direction === d} onClick={() => setDirection(d)}>
              {t(`transfer.${d}`)}
            </button>
          ))}
        </div>
      )}
      <label className="agent-field">
        <span>{t('transfer.userName')}</span>
        <input
          value={to}
          readOnly={direction === 'up'}
          maxLength={64}
          required
          dir="ltr"
          autoComplete="off"
          onChange={(e) => setUserName(e.target.value)}
        />
      </label>
      <label className="agent-field">
        <span>
          {t('transfer.amount')} ({currencySymbol(home.currency)})
        </span>
        <input
          inputMode="decimal"
          value={amount}
          required
          dir="ltr"
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
        />
        {fields.amount && <small className="agent-error">{fields.amount.join(', ')}</small>}
      </label>
      {fund.data && !fund.data.set ? (
        <p className="agent-muted">
          {t('transfer.noFundPassword')} <Link to="/m/securityCenter">{t('transfer.securityCentre')}</Link>
        </p>
      ) : (
        <label className="agent-field">
          <span>{t('transfer.fundPassword')}</span>
          <input
            type="password"
            value={fundPassword}
            required
            autoComplete="off"
            onChange={(e) => setFundPassword(e.target.value)}
          />
        </label>
      )}
      {transfer.error && (
        <p className="agent-error" role="alert">
          {transfer.error.message}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={transfer.isPending || !to || !amount || !fundPassword}
      >
        {t('transfer.submit')}
      </button>
    </form>
  );
}

/**
 * /m/agent/home (spec §2, §6): an agent's centre — its team at a glance, its registration link and
 * QR code, the team's figures per period and its downline. Anybody else is told, in the spec's words,
 * that non-agents cannot log in here.
 */
export default function AgentHomePage() {
  const { t } = useTranslation('agent');
  const session = useSession();
  // The member's type as the server has it now (an operator may have just made them an agent): a
  // member who is not an agent is told so without asking for an agent's figures.
  const info = useMemberInfo();
  const notAgent = info.data !== undefined && !isAgentType(info.data.type);
  const home = useAgentHome(info.data !== undefined && !notAgent);
  if (!session)
    return (
      <section className="empty-state">
        <Icon name="user" size={48} />
        <p>{t('loginHint')}</p>
        <Link className="btn btn-primary" to="/m/login?agent=1">
          {t('login')}
        </Link>
      </section>
    );
  if (notAgent || (home.error instanceof ApiError && home.error.code === 'NOT_AGENT'))
    return (
      <section className="empty-state" role="alert">
        <Icon name="shield" size={48} />
        <p>{t('common:errors.NOT_AGENT')}</p>
      </section>
    );
  if (home.isError || (info.isError && !info.data))
    return (
      <section className="empty-state" role="alert">
        <Icon name="refresh" size={40} />
        <p>{t('loadFailed')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void (info.data ? home.refetch() : info.refetch())}
        >
          {t('retry')}
        </button>
      </section>
    );
  if (!home.data) return <div className="page-loader" aria-hidden="true" />;
  const h = home.data;
  return (
    <section className="agent-page">
      <header className="agent-hero">
        <div className="agent-hero-name">
          <strong dir="ltr">{h.userName}</strong>
          <span className="agent-badge">{t('level', { level: h.level })}</span>
        </div>
        {h.upline && <p className="agent-muted">{t('upline', { name: h.upline })}</p>}
        <dl className="agent-team">
          <div>
            <dt>{t('team')}</dt>
            <dd>{h.team}</dd>
          </div>
          <div>
            <dt>{t('direct')}</dt>
            <dd>{h.direct}</dd>
          </div>
        </dl>
      </header>
      <KpiCard />
      <ContractsCard />
      <InviteCard home={h} />
      <TransferCard home={h} />
      <TeamCard />
    </section>
  );
}
