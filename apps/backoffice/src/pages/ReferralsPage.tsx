import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_STATUSES, type ReferralSettings, type ReferralStatus } from '@playhouse/contract/referral';
import { ApiError, boFetch } from '../api.ts';
import { Pager } from './Pager.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';
import { useStaffRole } from './use-staff-role.ts';

interface ReferralRow {
  id: number;
  referrer: string;
  friend: string;
  status: ReferralStatus;
  firstDeposit: string | null;
  reward: string | null;
  createdAt: number;
  qualifiedAt: number | null;
}
interface ReferralPage {
  items: ReferralRow[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 20;

/** The reward paid per qualified friend, the qualifying first deposit and the reward's turnover. */
function ReferralSettingsForm() {
  const { t } = useTranslation();
  const { settings, draft, current, setDraft, save } = useSettingsDraft<ReferralSettings>(
    'referral-settings',
    '/bo/api/referrals/settings',
  );
  if (!current) return settings.error ? <p className="alert">{settings.error.message}</p> : null;
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <form
      className="card section"
      aria-labelledby="referral-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(current);
      }}
    >
      <h2 id="referral-settings-title">{t('referrals.settingsTitle')}</h2>
      <div className="grid-2">
        <label className="field">
          <span>{t('referrals.rewardAmount')}</span>
          <input
            value={current.rewardAmount}
            inputMode="decimal"
            onChange={(e) => setDraft({ ...current, rewardAmount: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('referrals.minDeposit')}</span>
          <input
            value={current.minDeposit}
            inputMode="decimal"
            onChange={(e) => setDraft({ ...current, minDeposit: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('referrals.turnoverMultiplier')}</span>
          <input
            type="number"
            min={0}
            step="0.1"
            value={current.turnoverMultiplier}
            onChange={(e) => setDraft({ ...current, turnoverMultiplier: Number(e.target.value) || 0 })}
          />
        </label>
      </div>
      <p className="hint">{t('referrals.settingsHint')}</p>
      {save.error && (
        <p className="alert">
          {Object.keys(fieldErrors).length ? t('referrals.invalid') : save.error.message}
        </p>
      )}
      {save.isSuccess && !draft && (
        <p className="notice-ok" role="status">
          {t('referrals.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!draft || save.isPending}>
          {t('referrals.save')}
        </button>
      </div>
    </form>
  );
}

/** Who invited whom, where each friend stands and the reward paid; the reward settings. */
export function ReferralsPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useStaffRole().can('referrals.write');
  const [status, setStatus] = useState<ReferralStatus | ''>('');
  const [referrer, setReferrer] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  if (referrer.trim()) query.set('referrer', referrer.trim());
  const list = useQuery({
    queryKey: ['referrals', query.toString()],
    queryFn: () => boFetch<ReferralPage>(`/bo/api/referrals?${query.toString()}`),
  });
  const when = new Intl.DateTimeFormat(i18n.language === 'EN' ? 'en' : undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const data = list.data;
  return (
    <>
      <div className="page-head">
        <h1>{t('referrals.title')}</h1>
      </div>
      {canWrite && <ReferralSettingsForm />}
      <div className="card section">
        <div className="grid-2">
          <label className="field">
            <span>{t('referrals.referrer')}</span>
            <input
              value={referrer}
              onChange={(e) => {
                setReferrer(e.target.value);
                setPage(1);
              }}
            />
          </label>
          <label className="field">
            <span>{t('referrals.status')}</span>
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as ReferralStatus | '');
                setPage(1);
              }}
            >
              <option value="">{t('referrals.all')}</option>
              {REFERRAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`referrals.statuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.error && <p className="alert">{list.error.message}</p>}
        {data && data.items.length === 0 ? (
          <p className="empty">{t('referrals.empty')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('referrals.referrer')}</th>
                <th>{t('referrals.friend')}</th>
                <th>{t('referrals.status')}</th>
                <th className="num">{t('referrals.firstDeposit')}</th>
                <th className="num">{t('referrals.reward')}</th>
                <th>{t('referrals.registered')}</th>
                <th>{t('referrals.qualified')}</th>
              </tr>
            </thead>
            <tbody>
              {data?.items.map((r) => (
                <tr key={r.id}>
                  <td className="mono">{r.referrer}</td>
                  <td className="mono">{r.friend}</td>
                  <td>{t(`referrals.statuses.${r.status}`)}</td>
                  <td className="num">{r.firstDeposit ?? '—'}</td>
                  <td className="num">{r.reward ?? '—'}</td>
                  <td className="nowrap">{when.format(r.createdAt)}</td>
                  <td className="nowrap">{r.qualifiedAt ? when.format(r.qualifiedAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
