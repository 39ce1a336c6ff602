import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DIMENSIONS,
  REPORT_PERIODS,
  type Report,
  type ReportDimension,
  type ReportPeriod,
  type ReportRow,
} from '@playhouse/contract/reports';
import { boDownload, boFetch } from '../api.ts';
import { EmptyRow, Pager } from './Pager.tsx';
import './reports.css';

const PAGE_SIZE = 50;
const MONEY: (keyof ReportRow)[] = ['stakes', 'wins', 'ggr', 'bonuses', 'ngr', 'deposits', 'withdrawals'];
const COUNTS: (keyof ReportRow)[] = ['bets', 'players', 'newPlayers', 'firstDeposits'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Stakes, wins, GGR, money in and out and players per day, week or month, overall or broken down. */
export default function ReportsPage() {
  const { t } = useTranslation();
  const today = new Date();
  const [form, setForm] = useState({
    startDate: isoDay(new Date(today.getFullYear(), today.getMonth(), 1, 12)),
    endDate: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12)),
    period: 'day' as ReportPeriod,
    by: 'all' as ReportDimension,
  });
  const [query, setQuery] = useState(form);
  const [page, setPage] = useState(1);
  const [exported, setExported] = useState<{ file?: string; error?: string }>({});
  const params = new URLSearchParams({ ...query, page: String(page), pageSize: String(PAGE_SIZE) });
  const report = useQuery({
    queryKey: ['report', query, page],
    queryFn: () => boFetch<Report>(`/bo/api/reports?${params.toString()}`),
  });
  const data = report.data;
  const exportCsv = async () => {
    setExported({});
    try {
      setExported({ file: await boDownload(`/bo/api/reports.csv?${new URLSearchParams(query).toString()}`) });
    } catch (error) {
      setExported({ error: (error as Error).message });
    }
  };
  const columns = [...MONEY, ...COUNTS];
  const keyLabel = query.by === 'all' ? null : t(`reports.dimensions.${query.by}`);
  return (
    <section>
      <div className="page-head">
        <h1>{t('reports.title')}</h1>
        {data && (
          <span className="hint">
            {t('dashboard.scope', { currency: data.currency, zone: data.timeZone })}
          </span>
        )}
      </div>
      <form
        className="card filters report-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQuery(form);
        }}
      >
        <label className="field">
          <span>{t('reports.from')}</span>
          <input
            type="date"
            value={form.startDate}
            required
            onChange={(e) => setForm((f) => ({ ...f, startDate: e.target.value }))}
          />
        </label>
        <label className="field">
          <span>{t('reports.to')}</span>
          <input
            type="date"
            value={form.endDate}
            required
            onChange={(e) => setForm((f) => ({ ...f, endDate: e.target.value }))}
          />
        </label>
        <label className="field">
          <span>{t('reports.period')}</span>
          <select
            value={form.period}
            onChange={(e) => setForm((f) => ({ ...f, period: e.target.value as ReportPeriod }))}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`reports.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('reports.by')}</span>
          <select
            value={form.by}
            onChange={(e) => setForm((f) => ({ ...f, by: e.target.value as ReportDimension }))}
          >
            {REPORT_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {t(`reports.dimensions.${d}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          {t('money.apply')}
        </button>
        <button type="button" className="btn" onClick={() => void exportCsv()}>
          {t('reports.export')}
        </button>
        {exported.file && (
          <span role="status" className="hint">
            {t('reports.exported', { file: exported.file })}
          </span>
        )}
        {exported.error && (
          <span role="alert" className="alert">
            {exported.error}
          </span>
        )}
      </form>
      {report.error && <p className="alert">{report.error.message}</p>}
      <div className="card table-scroll">
        <table className="table compact report-table">
          <thead>
            <tr>
              <th>{t('reports.column.period')}</th>
              {keyLabel && <th>{keyLabel}</th>}
              {columns.map((c) => (
                <th key={c} className="amount">
                  {t(`reports.column.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.rows.length === 0 && <EmptyRow colSpan={columns.length + (keyLabel ? 2 : 1)} />}
            {data?.rows.map((r) => (
              <tr key={`${r.period}|${r.key}`}>
                <td className="mono" data-label={t('reports.column.period')}>
                  {r.period}
                </td>
                {keyLabel && (
                  <td data-label={keyLabel}>
                    {r.key === '' || r.key.endsWith('/') ? `${r.key}${t('reports.none')}` : r.key}
                  </td>
                )}
                {columns.map((c) => (
                  <td
                    key={c}
                    data-label={t(`reports.column.${c}`)}
                    data-column={c}
                    className={`amount${MONEY.includes(c) ? ' mono' : ''}${c === 'ggr' && String(r[c]).startsWith('-') ? ' negative' : ''}`}
                  >
                    {r[c] === null ? '–' : String(r[c])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
    </section>
  );
}
