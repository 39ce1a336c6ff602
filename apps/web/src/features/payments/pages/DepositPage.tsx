import { findLanguage } from '@playhouse/contract/languages';
import { parseMoney } from '@playhouse/contract/money';
import type { DepositChannel, DepositResponse } from '@playhouse/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { forgetGatewayDeposit, rememberGatewayDeposit, returnedDeposit } from '../gateway-return.ts';
import { FormField, invalidProps } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { ImagePicker } from '../../../components/upload/ImagePicker.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uploadImages } from '../../../lib/uploads.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { showToast } from '../../../shell/toast.tsx';
import { useCreateDeposit, useDeposit, useDepositChannels, useDepositHistory } from '../api/deposits.ts';
import { AmountField } from '../components/AmountField.tsx';
import { ChannelList } from '../components/ChannelList.tsx';
import { CopyRow } from '../components/CopyRow.tsx';
import { DepositList } from '../components/DepositList.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { amountProblem, displayMoney, percentOf } from '../payment-rules.ts';
import '../../../components/form/form.css';
import '../payments.css';
import { InlineService } from '../../../shell/FloatingService.tsx';

/** The tab's session storage (none when rendered on the server). */
const tabStorage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

type Tab = 'deposit' | 'pending' | 'history';

/** After the gateway's page: the deposit waits for the gateway's word, then shows what was credited. */
function GatewayReturn({
  depositId,
  onClose,
  onSettled,
}: {
  depositId: string;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation('pay');
  const deposit = useDeposit(depositId);
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const status = deposit.data?.status;
  const symbol = wallet.data?.currencySymbol ?? '';
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    // Settled: the header's balance and the lists are fetched again, once, and the deposit is
    // forgotten, so the banner does not come back on the next visit.
    if (status && status !== 'PENDING') {
      void queryClient.invalidateQueries({ queryKey: ['member'] });
      settled.current();
    }
  }, [status, queryClient]);
  if (deposit.error)
    return (
      <section className="pay-card pay-return" role="alert">
        <p>{deposit.error.message}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('gateway.dismiss')}
        </button>
      </section>
    );
  const item = deposit.data;
  return (
    <section className="pay-card pay-return" role="status" aria-live="polite">
      {!item || item.status === 'PENDING' ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <div>
            <strong>{t('gateway.waiting')}</strong>
            <p className="pay-muted">{t('gateway.waitingText')}</p>
          </div>
        </>
      ) : item.status === 'APPROVED' ? (
        <>
          <Icon name="check" size={28} className="pay-ok" />
          <div>
            <strong>{t('gateway.credited', { amount: displayMoney(item.credited, symbol) })}</strong>
            {wallet.data && (
              <p className="pay-muted">
                {t('gateway.balance', { balance: displayMoney(wallet.data.sumBalance, symbol) })}
              </p>
            )}
          </div>
        </>
      ) : (
        <>
          <Icon name="close" size={28} className="pay-bad" />
          <div>
            <strong>{t(`gateway.${item.status === 'FAILED' ? 'failed' : 'rejected'}`)}</strong>
            {item.reason && <p className="pay-muted">{item.reason}</p>}
          </div>
        </>
      )}
      {item && item.status !== 'PENDING' && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('gateway.dismiss')}
        </button>
      )}
    </section>
  );
}

/** Bank details to pay to, each with a copy button. */
function BankDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('pay');
  if (!channel.bank) return null;
  return (
    <div className="pay-bank">
      <h3 className="pay-subtitle">{t('transfer.payTo')}</h3>
      <dl className="pay-copy">
        <CopyRow label={t('transfer.bankName')} value={channel.bank.bankName} />
        <CopyRow label={t('transfer.accountName')} value={channel.bank.accountName} />
        <CopyRow label={t('transfer.accountNo')} value={channel.bank.accountNo} />
        {channel.bank.branch && <CopyRow label={t('transfer.branch')} value={channel.bank.branch} />}
      </dl>
    </div>
  );
}

/** Amount, then (bank transfer) reference and receipts, or (gateway) off to the gateway's page. */
function DepositForm({
  channel,
  symbol,
  onSubmitted,
}: {
  channel: DepositChannel;
  symbol: string;
  onSubmitted: (result: DepositResponse) => void;
}) {
  const { t } = useTranslation('pay');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  // One id per submission: a retry after a lost answer cannot make a second deposit.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const create = useCreateDeposit();
  const min = parseMoney(channel.min) ?? 0;
  const max = parseMoney(channel.max) ?? 0;
  const transfer = channel.kind === 'BANK_TRANSFER';
  const problem = touched || amount ? amountProblem(amount, { min, max }) : undefined;
  const minor = parseMoney(amount.trim()) ?? 0;
  const fee = percentOf(minor, Number(channel.feePercent));
  const bonus = percentOf(minor, Number(channel.bonusPercent));
  const referenceErrors =
    fieldErrors.reference ??
    (touched && transfer && !reference.trim() ? [t('transfer.referenceRequired')] : undefined);
  const receiptMissing = touched && transfer && files.length === 0;
  const busy = uploading || create.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountProblem(amount, { min, max })) return;
    if (transfer && (!reference.trim() || files.length === 0)) return;
    setFieldErrors({});
    try {
      let receiptIds: string[] | undefined;
      if (transfer) {
        setUploading(true);
        receiptIds = (await uploadImages(files, 'receipt').finally(() => setUploading(false))).map(
          (u) => u.uploadId,
        );
      }
      const result = await create.mutateAsync({
        channelId: channel.channelId,
        amount: amount.trim(),
        requestId,
        ...(transfer ? { reference: reference.trim(), receiptIds } : {}),
      });
      setRequestId(crypto.randomUUID());
      if (result.payUrl) {
        rememberGatewayDeposit(sessionStorage, result.depositId);
        window.location.assign(result.payUrl);
        return;
      }
      setAmount('');
      setReference('');
      setFiles([]);
      setTouched(false);
      onSubmitted(result);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFieldErrors(error.fields);
      showToast(error.message, { kind: 'error' });
    }
  };

  return (
    <form className="pay-card form-stack" onSubmit={(e) => void submit(e)} noValidate>
      <AmountField
        id="deposit-amount"
        value={amount}
        onChange={setAmount}
        min={min}
        max={max}
        symbol={symbol}
        problem={problem}
      />
      {minor > 0 && !problem && (fee > 0 || bonus > 0) && (
        <dl className="pay-facts pay-summary">
          {fee > 0 && (
            <div>
              <dt>{t('summary.fee')}</dt>
              <dd>−{displayMoney(fee / 100, symbol)}</dd>
            </div>
          )}
          {bonus > 0 && (
            <div>
              <dt>{t('summary.bonus')}</dt>
              <dd>+{displayMoney(bonus / 100, symbol)}</dd>
            </div>
          )}
          <div>
            <dt>{t('summary.credited')}</dt>
            <dd>
              <strong>{displayMoney((minor - fee + bonus) / 100, symbol)}</strong>
            </dd>
          </div>
        </dl>
      )}
      {transfer ? (
        <>
          <BankDetails channel={channel} />
          <FormField id="deposit-reference" label={t('transfer.reference')} required errors={referenceErrors}>
            <input
              id="deposit-reference"
              name="reference"
              className="auth-input"
              maxLength={64}
              autoComplete="off"
              placeholder={t('transfer.referencePlaceholder')}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              {...invalidProps('deposit-reference', referenceErrors)}
            />
          </FormField>
          <ImagePicker
            files={files}
            onChange={setFiles}
            label={t('transfer.receipts')}
            invalid={receiptMissing}
          />
          {receiptMissing && (
            <p className="auth-error" role="alert">
              {t('transfer.receiptRequired')}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {uploading ? t('transfer.uploading') : t('transfer.submit')}
          </button>
        </>
      ) : (
        <>
          <p className="pay-muted">{t('gateway.text')}</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('gateway.pay', { name: channel.name })}
          </button>
        </>
      )}
    </form>
  );
}

/** Steps of each kind of deposit, folded away until asked for. */
function DepositGuide() {
  const { t } = useTranslation('pay');
  return (
    <details className="pay-card pay-guide">
      <summary>{t('guide.title')}</summary>
      <h3 className="pay-subtitle">{t('guide.transferTitle')}</h3>
      <ol>
        <li>{t('guide.transfer1')}</li>
        <li>{t('guide.transfer2')}</li>
        <li>{t('guide.transfer3')}</li>
      </ol>
      <h3 className="pay-subtitle">{t('guide.gatewayTitle')}</h3>
      <ol>
        <li>{t('guide.gateway1')}</li>
        <li>{t('guide.gateway2')}</li>
      </ol>
    </details>
  );
}

/**
 * /m/voucherCenter: deposit. Channels with their limits, fee or bonus and opening hours; a bank
 * transfer (pay to the bank details shown, give the reference and the receipt, an operator approves)
 * or a gateway (its own payment page, then back here to see the deposit credited); the deposits
 * waiting and the history with receipts.
 */
export default function DepositPage() {
  const { t, i18n } = useTranslation('pay');
  const session = useSession();
  const wallet = useWallet();
  const channels = useDepositChannels();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('deposit');
  const [channelId, setChannelId] = useState<number>();
  const [submitted, setSubmitted] = useState<DepositResponse>();
  const [returned, setReturned] = useState(() => returnedDeposit(tabStorage(), params.get('depositId')));
  const pending = useDepositHistory('PENDING');
  const history = useDepositHistory();
  if (!session) return <Navigate to="/m/login" replace />;

  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const symbol = wallet.data?.currencySymbol ?? '';
  const list = channels.data ?? [];
  const channel = list.find((c) => c.channelId === channelId && c.openNow) ?? list.find((c) => c.openNow);
  const pendingCount = pending.data?.pages[0]?.totalCount ?? 0;
  const settledReturn = () => {
    if (!returned) return;
    forgetGatewayDeposit(sessionStorage, returned);
    if (params.has('depositId')) {
      params.delete('depositId');
      setParams(params, { replace: true });
    }
  };
  const closeReturn = () => {
    settledReturn();
    setReturned(undefined);
  };
  const listProps = { symbol, locale };

  return (
    <div className="pay-page">
      {returned && <GatewayReturn depositId={returned} onClose={closeReturn} onSettled={settledReturn} />}
      <MethodTabs<Tab>
        label={t('deposit.tabs')}
        value={tab}
        onChange={setTab}
        options={[
          { id: 'deposit', label: t('deposit.tab') },
          {
            id: 'pending',
            label: pendingCount ? t('deposit.pendingCount', { count: pendingCount }) : t('deposit.pending'),
          },
          { id: 'history', label: t('deposit.history') },
        ]}
      />
      {tab === 'deposit' && (
        <>
          {submitted && (
            <section className="pay-card pay-return" role="status">
              <Icon name="clock" size={26} className="pay-wait" />
              <div>
                <strong>{t('transfer.submitted')}</strong>
                <p className="pay-muted">{t('transfer.submittedText', { id: submitted.depositId })}</p>
              </div>
              <StatusChip status={submitted.status}>{t(`depositStatus.${submitted.status}`)}</StatusChip>
            </section>
          )}
          <section className="pay-card">
            <h2 className="pay-title">{t('deposit.channels')}</h2>
            {channels.isPending ? (
              <div className="pay-skeleton" aria-hidden="true" />
            ) : channels.error ? (
              <p className="pay-state" role="alert">
                {channels.error.message}
              </p>
            ) : list.length === 0 ? (
              <p className="pay-state">{t('deposit.noChannels')}</p>
            ) : (
              <ChannelList
                channels={list}
                selected={channel?.channelId}
                onSelect={setChannelId}
                locale={locale}
                symbol={symbol}
              />
            )}
          </section>
          {channel && (
            <DepositForm
              key={channel.channelId}
              channel={channel}
              symbol={symbol}
              onSubmitted={(r) => {
                setSubmitted(r);
                window.scrollTo({ top: 0 });
              }}
            />
          )}
          {list.length > 0 && !channel && <p className="pay-state">{t('deposit.allClosed')}</p>}
          <DepositGuide />
        </>
      )}
      {tab === 'pending' && (
        <DepositList
          data={pending.data}
          isPending={pending.isPending}
          error={pending.error?.message}
          hasNextPage={pending.hasNextPage}
          isFetchingNextPage={pending.isFetchingNextPage}
          fetchNextPage={() => void pending.fetchNextPage()}
          empty={t('deposit.noPending')}
          {...listProps}
        />
      )}
      {tab === 'history' && (
        <DepositList
          data={history.data}
          isPending={history.isPending}
          error={history.error?.message}
          hasNextPage={history.hasNextPage}
          isFetchingNextPage={history.isFetchingNextPage}
          fetchNextPage={() => void history.fetchNextPage()}
          empty={t('deposit.noHistory')}
          {...listProps}
        />
      )}
      <InlineService />
    </div>
  );
}
