import { findLanguage } from '@playhouse/contract/languages';
import { latestEndDay } from '@playhouse/contract/account-record';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { TOAST_MS } from '../../../lib/timing.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { showToast } from '../../../shell/toast.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';
import { useBetRecord } from '../api/use-bet-record.ts';
import { BET_GAME_TYPES } from '../bets.ts';
import { BetDetailSheet } from '../components/BetDetailSheet.tsx';
import { BetList } from '../components/BetList.tsx';
import { RecordFilters } from '../components/RecordFilters.tsx';
import {
  adjustCustom,
  deviceTimeZone,
  localDay,
  presetRange,
  type DayRange,
  type Preset,
} from '../periods.ts';
import '../records.css';

/** The records whitelabel flag (account and bet records); without it the spec's contact_service toast. */
const FLAG = 'RECORDS3';

/**
 * /m/gameRecord: the member's bets by period and game type with their totals; a bet opens its detail
 * (`?roundId=`), whose in-house rounds carry the fairness data and a link to check them.
 */
export default function BetRecordPage() {
  const { t, i18n } = useTranslation('records');
  const session = useSession();
  const status = useSiteStatus();
  const wallet = useWallet();
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => localDay(), []);
  const timeZone = useMemo(() => deviceTimeZone(), []);
  const [gameType, setGameType] = useState('ALL');
  const [preset, setPreset] = useState<Preset>('days7');
  const [custom, setCustom] = useState<DayRange>(() => presetRange('days30', today));
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const record = useBetRecord({ gameType, timeZone, ...range });
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const closed = Boolean(status && !status.info.whitelabel[FLAG]);
  const openRound = params.get('roundId');

  // Spec §6: without the flag, an info toast asks the member to contact customer service (2 s).
  useEffect(() => {
    if (session && closed) showToast(t('bets.contactService'), { kind: 'info', durationMs: TOAST_MS.info });
  }, [session, closed, t]);

  // Spec §6: guests go to the login screen.
  if (!session) return <Navigate to="/m/login" replace />;
  if (closed)
    return (
      <div className="rec-page">
        <section className="rec-card rec-state" role="status">
          <Icon name="headset" size={28} />
          <p>{t('bets.contactService')}</p>
        </section>
      </div>
    );

  const symbol = wallet.data?.currencySymbol ?? '';
  const open = (roundId: string) => setParams({ roundId });
  const close = () => setParams({}, { replace: true });
  return (
    <div className="rec-page">
      <RecordFilters
        type={gameType}
        onType={setGameType}
        types={BET_GAME_TYPES}
        typeLabel={(type) => t(`bets.types.${type}`)}
        preset={preset}
        onPreset={setPreset}
        range={range}
        onCustom={(next, changed) => setCustom(adjustCustom(next, changed, today))}
        limits={{
          today,
          latestEnd: latestEndDay(custom.startDate) < today ? latestEndDay(custom.startDate) : today,
        }}
      />
      <BetList
        data={record.data}
        isPending={record.isPending}
        isError={record.isError}
        errorMessage={record.error instanceof ApiError ? record.error.message : undefined}
        hasNextPage={record.hasNextPage}
        isFetchingNextPage={record.isFetchingNextPage}
        fetchNextPage={() => void record.fetchNextPage()}
        retry={() => void record.refetch()}
        onOpen={open}
        locale={locale}
        symbol={symbol}
      />
      {openRound && <BetDetailSheet roundId={openRound} symbol={symbol} locale={locale} onClose={close} />}
    </div>
  );
}
