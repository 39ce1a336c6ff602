import { findLanguage } from '@playhouse/contract/languages';
import { latestEndDay, parseDay } from '@playhouse/contract/account-record';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';
import { useAccountRecord } from '../api/use-account-record.ts';
import { MovementList } from '../components/MovementList.tsx';
import { RecordFilters } from '../components/RecordFilters.tsx';
import { StatementCard } from '../components/StatementCard.tsx';
import {
  adjustCustom,
  deviceTimeZone,
  localDay,
  presetRange,
  type DayRange,
  type Preset,
} from '../periods.ts';
import '../records.css';

/**
 * /m/transaction/record: the member's account record (every movement of their wallet, by type and
 * period, infinite scroll) and the period's statement with its CSV download.
 */
export default function AccountRecordPage() {
  const { t, i18n } = useTranslation('records');
  const session = useSession();
  const status = useSiteStatus();
  const wallet = useWallet();
  const today = useMemo(() => localDay(), []);
  const timeZone = useMemo(() => deviceTimeZone(), []);
  const [type, setType] = useState('all');
  const [preset, setPreset] = useState<Preset>('days7');
  const [custom, setCustom] = useState<DayRange>(() => presetRange('days30', today));
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const record = useAccountRecord({ type, timeZone, ...range });
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const formatDay = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    return (day: string) => {
      const d = parseDay(day);
      return d ? format.format(new Date(d.y, d.m - 1, d.d)) : day;
    };
  }, [locale]);

  // Spec §6: guests go to the login screen.
  if (!session) return <Navigate to="/m/login" replace />;
  if (status && !status.info.whitelabel.RECORDS3)
    return (
      <div className="rec-page">
        <section className="rec-card rec-state" role="status">
          <Icon name="headset" size={28} />
          <p>{t('unavailable')}</p>
        </section>
      </div>
    );

  const symbol = wallet.data?.currencySymbol ?? '';
  return (
    <div className="rec-page">
      <RecordFilters
        type={type}
        onType={setType}
        preset={preset}
        onPreset={setPreset}
        range={range}
        onCustom={(next, changed) => setCustom(adjustCustom(next, changed, today))}
        limits={{
          today,
          latestEnd: latestEndDay(custom.startDate) < today ? latestEndDay(custom.startDate) : today,
        }}
      />
      <MovementList
        data={record.data}
        isPending={record.isPending}
        isError={record.isError}
        errorMessage={record.error instanceof ApiError ? record.error.message : undefined}
        hasNextPage={record.hasNextPage}
        isFetchingNextPage={record.isFetchingNextPage}
        fetchNextPage={() => void record.fetchNextPage()}
        retry={() => void record.refetch()}
        locale={locale}
        symbol={symbol}
      />
      <StatementCard range={range} timeZone={timeZone} symbol={symbol} formatDay={formatDay} />
    </div>
  );
}
