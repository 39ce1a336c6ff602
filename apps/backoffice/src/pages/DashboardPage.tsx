import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Dashboard, DashboardDay, DashboardQueues, ReportFigures } from '@playhouse/contract/reports';
import type { RoutePermission } from '@playhouse/contract/staff-permissions';
import { boFetch } from '../api.ts';
import { formatTime } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './reports.css';

const FIGURES: { key: keyof ReportFigures; money: boolean }[] = [
  { key: 'deposits', money: true },
  { key: 'withdrawals', money: true },
  { key: 'ggr', money: true },
  { key: 'bonuses', money: true },
  { key: 'ngr', money: true },
  { key: 'players', money: false },
  { key: 'newPlayers', money: false },
  { key: 'firstDeposits', money: false },
];

/** Where each queue is worked, and who may open it. */
const QUEUES: { key: keyof DashboardQueues; path: string; permission: RoutePermission }[] = [
  { key: 'pendingDeposits', path: '/money', permission: 'money.read' },
  { key: 'pendingWithdrawals', path: '/money', permission: 'money.read' },
  { key: 'identityReviews', path: '/identity', permission: 'money.read' },
  { key: 'waitingChats', path: '/chat', permission: 'chat.answer' },
  { key: 'promotionApplications', path: '/promotions', permission: 'promotions.read' },
  { key: 'adjustmentApprovals', path: '/wallet', permission: 'ledger.read' },
  { key: 'feedback', path: '/feedback', permission: 'members.read' },
  { key: 'agentCommissions', path: '/agent-commissions', permission: 'agents.read' },
];

const COLORS = {
  ggr: '#ffb627',
  ngr: '#2bd47d',
  deposits: '#4da3ff',
  withdrawals: '#ff7a18',
  players: '#b58cff',
  newPlayers: '#2bd47d',
};
const amount = (s: string) => Number(s);

function FigureCards({
  today,
  yesterday,
  month,
}: {
  today: DashboardDay;
  yesterday: DashboardDay;
  month: ReportFigures;
}) {
  const { t } = useTranslation();
  return (
    <div className="dash-figures">
      {FIGURES.map(({ key, money }) => (
        <section key={key} className="dash-figure" aria-label={t(`reports.column.${key}`)} data-figure={key}>
          <h3>{t(`reports.column.${key}`)}</h3>
          <dl>
            <div>
              <dt>{t('dashboard.today')}</dt>
              <dd className={money ? 'mono' : undefined} data-when="today">
                {String(today[key] ?? 0)}
              </dd>
            </div>
            <div>
              <dt>{t('dashboard.yesterday')}</dt>
              <dd className={money ? 'mono' : undefined} data-when="yesterday">
                {String(yesterday[key] ?? 0)}
              </dd>
            </div>
            <div>
              <dt>{t('dashboard.last30')}</dt>
              <dd className={money ? 'mono' : undefined} data-when="last30">
                {String(month[key] ?? 0)}
              </dd>
            </div>
          </dl>
        </section>
      ))}
    </div>
  );
}

function Charts({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation();
  const data = days.map((d) => ({
    day: d.day.slice(5),
    ggr: amount(d.ggr),
    ngr: amount(d.ngr),
    deposits: amount(d.deposits),
    withdrawals: amount(d.withdrawals),
    players: d.players,
    newPlayers: d.newPlayers ?? 0,
  }));
  const axis = { stroke: '#9aa1c2', fontSize: 12 };
  const tooltip = { contentStyle: { background: '#171b2e', border: '1px solid rgba(255,255,255,0.09)' } };
  const label = (key: string) => t(`reports.column.${key}`);
  return (
    <div className="dash-charts">
      <section className="card" aria-labelledby="ggr-chart">
        <h2 id="ggr-chart">{t('dashboard.ggrChart')}</h2>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data}>
            <CartesianGrid stroke="rgba(255,255,255,0.06)" />
            <XAxis dataKey="day" {...axis} />
            <YAxis {...axis} width={70} />
            <Tooltip {...tooltip} />
            <Legend />
            <Line
              type="monotone"
              dataKey="ggr"
              name={label('ggr')}
              stroke={COLORS.ggr}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="ngr"
              name={label('ngr')}
              stroke={COLORS.ngr}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </section>
      <section className="card" aria-labelledby="money-chart">
        <h2 id="money-chart">{t('dashboard.moneyChart')}</h2>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data}>
            <CartesianGrid stroke="rgba(255,255,255,0.06)" />
            <XAxis dataKey="day" {...axis} />
            <YAxis {...axis} width={70} />
            <Tooltip {...tooltip} />
            <Legend />
            <Bar
              dataKey="deposits"
              name={label('deposits')}
              fill={COLORS.deposits}
              isAnimationActive={false}
            />
            <Bar
              dataKey="withdrawals"
              name={label('withdrawals')}
              fill={COLORS.withdrawals}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </section>
      <section className="card" aria-labelledby="players-chart">
        <h2 id="players-chart">{t('dashboard.playersChart')}</h2>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data}>
            <CartesianGrid stroke="rgba(255,255,255,0.06)" />
            <XAxis dataKey="day" {...axis} />
            <YAxis {...axis} width={40} allowDecimals={false} />
            <Tooltip {...tooltip} />
            <Legend />
            <Line
              type="monotone"
              dataKey="players"
              name={label('players')}
              stroke={COLORS.players}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="newPlayers"
              name={label('newPlayers')}
              stroke={COLORS.newPlayers}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </section>
    </div>
  );
}

function Queues({ queues }: { queues: DashboardQueues }) {
  const { t } = useTranslation();
  const { can } = useStaffRole();
  return (
    <section className="card" aria-labelledby="queues-title">
      <h2 id="queues-title">{t('dashboard.queues')}</h2>
      <ul className="dash-queues">
        {QUEUES.map((q) => (
          <li key={q.key} className={queues[q.key] > 0 ? 'waiting' : undefined}>
            <span>{t(`dashboard.queue.${q.key}`)}</span>
            <strong>{queues[q.key]}</strong>
            {can(q.permission) ? (
              <Link to={q.path} className="btn">
                {t('dashboard.open')}
              </Link>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Today, yesterday and the last 30 days at a glance, with the queues waiting for staff. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => boFetch<Dashboard>('/bo/api/dashboard'),
    refetchInterval: 30_000,
  });
  const d = dashboard.data;
  return (
    <section>
      <div className="page-head">
        <h1>{t('dashboard.title')}</h1>
        {d && (
          <span className="hint">
            {t('dashboard.scope', { currency: d.currency, zone: d.timeZone })} ·{' '}
            {d.asOf === null
              ? t('dashboard.notCounted')
              : t('dashboard.asOf', { time: formatTime(d.asOf, i18n.language) })}
          </span>
        )}
      </div>
      {dashboard.error && <p className="alert">{dashboard.error.message}</p>}
      {d && (
        <>
          <FigureCards today={d.today} yesterday={d.yesterday} month={d.month} />
          <Queues queues={d.queues} />
          <Charts days={d.days} />
        </>
      )}
    </section>
  );
}
