import { findLanguage } from '@playhouse/contract/languages';
import { parseMoney } from '@playhouse/contract/money';
import type { WithdrawInfo, WithdrawResponse } from '@playhouse/contract/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FormField, invalidProps } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { FundPasswordForm } from '../../../components/fund-password/FundPasswordForm.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { Modal } from '../../../shell/Modal.tsx';
import { showToast } from '../../../shell/toast.tsx';
import { useWithdraw, useWithdrawalHistory, useWithdrawInfo } from '../api/withdrawals.ts';
import { AccountsCard } from '../components/AccountsCard.tsx';
import { AmountField } from '../components/AmountField.tsx';
import { WithdrawalList } from '../components/WithdrawalList.tsx';
import { amountProblem, displayMoney, turnoverProgress } from '../payment-rules.ts';
import '../../../components/form/form.css';
import '../payments.css';
import { InlineService } from '../../../shell/FloatingService.tsx';

type Tab = 'withdraw' | 'accounts' | 'history';
const minor = (amount: string) => parseMoney(amount) ?? 0;

/** Turnover: what deposits and bonuses require to be played, what is done, and what is left. */
function TurnoverCard({ info, symbol }: { info: WithdrawInfo; symbol: string }) {
  const { t } = useTranslation('pay');
  const required = minor(info.turnover.required);
  const { share, remaining } = turnoverProgress(required, minor(info.turnover.achieved));
  return (
    <section className="pay-card" aria-labelledby="turnover-title">
      <h2 className="pay-title" id="turnover-title">
        {t('turnover.title')}
      </h2>
      <div
        className="pay-progress"
        role="progressbar"
        aria-label={t('turnover.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <span style={{ inlineSize: `${share * 100}%` }} />
      </div>
      <dl className="pay-stats">
        <div>
          <dt>{t('turnover.required')}</dt>
          <dd>{displayMoney(info.turnover.required, symbol)}</dd>
        </div>
        <div>
          <dt>{t('turnover.achieved')}</dt>
          <dd>{displayMoney(info.turnover.achieved, symbol)}</dd>
        </div>
        <div>
          <dt>{t('turnover.remaining')}</dt>
          <dd className={remaining > 0 ? 'pay-bad' : 'pay-ok'}>
            {displayMoney(info.turnover.remaining, symbol)}
          </dd>
        </div>
      </dl>
      <p className={remaining > 0 ? 'pay-note' : 'pay-muted'}>
        {remaining > 0
          ? t('turnover.outstanding', { amount: displayMoney(info.turnover.remaining, symbol) })
          : t('turnover.done')}
      </p>
    </section>
  );
}

/** Today's limits: requests and amount used of what the operator allows, and the per-request range. */
function LimitsCard({ info, symbol }: { info: WithdrawInfo; symbol: string }) {
  const { t } = useTranslation('pay');
  return (
    <section className="pay-card" aria-labelledby="limits-title">
      <h2 className="pay-title" id="limits-title">
        {t('limits.title')}
      </h2>
      <dl className="pay-facts">
        <div>
          <dt>{t('limits.count')}</dt>
          <dd>{t('limits.countValue', { used: info.dailyCount.used, limit: info.dailyCount.limit })}</dd>
        </div>
        <div>
          <dt>{t('limits.amount')}</dt>
          <dd>
            {t('limits.amountValue', {
              used: displayMoney(info.dailyAmount.used, symbol),
              limit: displayMoney(info.dailyAmount.limit, symbol),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('limits.perRequest')}</dt>
          <dd>
            {t('deposit.range', { min: displayMoney(info.min, symbol), max: displayMoney(info.max, symbol) })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Amount and account; the fund password is asked for in a prompt when the member confirms. */
function WithdrawForm({
  info,
  symbol,
  cardId,
  onAccounts,
  onDone,
}: {
  info: WithdrawInfo;
  symbol: string;
  cardId: number | undefined;
  onAccounts: () => void;
  onDone: (result: WithdrawResponse, amount: string) => void;
}) {
  const { t } = useTranslation('pay');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const [fundPassword, setFundPassword] = useState('');
  const [promptErrors, setPromptErrors] = useState<string[]>();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const withdraw = useWithdraw();
  const balance = minor(info.balance);
  const dailyLeft = Math.max(0, minor(info.dailyAmount.limit) - minor(info.dailyAmount.used));
  const available = Math.min(balance, dailyLeft);
  const bounds = { min: minor(info.min), max: minor(info.max), available };
  const problem = touched || amount ? amountProblem(amount, bounds) : undefined;
  const card = info.cards.find((c) => c.bankCardId === cardId);
  const countLeft = info.dailyCount.limit - info.dailyCount.used;
  const turnoverLeft = minor(info.turnover.remaining) > 0;
  const blocked = turnoverLeft
    ? t('withdraw.blockedTurnover')
    : countLeft <= 0
      ? t('withdraw.blockedCount')
      : undefined;

  const open = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountProblem(amount, bounds) || !card || blocked) return;
    setPromptErrors(undefined);
    setPrompt(true);
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!card) return;
    try {
      const result = await withdraw.mutateAsync({
        amount: amount.trim(),
        bankCardId: card.bankCardId,
        fundPassword,
        requestId,
      });
      setPrompt(false);
      setFundPassword('');
      setRequestId(crypto.randomUUID());
      onDone(result, amount.trim());
      setAmount('');
      setTouched(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'FUND_PASSWORD_INCORRECT' || error.fields.fundPassword) {
        setPromptErrors(error.fields.fundPassword ?? [error.message]);
        return;
      }
      setPrompt(false);
      setRequestId(crypto.randomUUID());
      showToast(error.message, { kind: 'error' });
    }
  };

  return (
    <>
      <form className="pay-card form-stack" onSubmit={open} noValidate>
        <h2 className="pay-title">{t('withdraw.title')}</h2>
        {card ? (
          <p className="pay-to">
            <Icon name={card.kind === 'BANK' ? 'wallet' : 'coins'} size={18} />
            <span dir="auto">
              {t('withdraw.toAccount', { name: card.bankName })} <span dir="ltr">{card.accountNoMasked}</span>
            </span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onAccounts}>
              {t('withdraw.changeAccount')}
            </button>
          </p>
        ) : (
          <button type="button" className="btn btn-ghost btn-block" onClick={onAccounts}>
            {t('withdraw.addAccountFirst')}
          </button>
        )}
        <AmountField
          id="withdraw-amount"
          value={amount}
          onChange={setAmount}
          min={bounds.min}
          max={bounds.max}
          symbol={symbol}
          problem={problem}
          quick={false}
          extra={
            Math.min(available, bounds.max) >= bounds.min
              ? { label: t('withdraw.all'), amount: Math.min(available, bounds.max) }
              : undefined
          }
        />
        {blocked && (
          <p className="pay-note" role="status">
            {blocked}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={!card || Boolean(blocked)}>
          {t('withdraw.submit')}
        </button>
      </form>
      {prompt && card && (
        <Modal title={t('withdraw.promptTitle')} onClose={() => setPrompt(false)}>
          <form className="form-stack" onSubmit={(e) => void confirm(e)} noValidate>
            <p className="modal-text">
              {t('withdraw.promptText', {
                amount: displayMoney(amount, symbol),
                name: `${card.bankName} ${card.accountNoMasked}`,
              })}
            </p>
            <FormField id="withdraw-fund-password" label={t('fund.password')} required errors={promptErrors}>
              <PasswordInput
                id="withdraw-fund-password"
                name="fundPassword"
                autoComplete="off"
                autoFocus
                maxLength={128}
                value={fundPassword}
                onChange={(e) => setFundPassword(e.target.value)}
                {...invalidProps('withdraw-fund-password', promptErrors)}
              />
            </FormField>
            <Link className="pay-link" to="/m/securityCenter#fund-password">
              {t('fund.forgot')}
            </Link>
            <div className="modal-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setPrompt(false)}>
                {t('common.cancel')}
              </button>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!fundPassword || withdraw.isPending}
              >
                {t('withdraw.confirm')}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}

/**
 * /m/withdraw: the member's accounts, the fund password, today's limits and the turnover still to
 * play; a request holds the amount at once, then an operator pays it out or rejects it (and it comes
 * back). The history shows each step.
 */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation('pay');
  const session = useSession();
  const wallet = useWallet();
  const info = useWithdrawInfo();
  const history = useWithdrawalHistory();
  const [tab, setTab] = useState<Tab>('withdraw');
  const [cardId, setCardId] = useState<number>();
  const [done, setDone] = useState<{ result: WithdrawResponse; amount: string }>();
  if (!session) return <Navigate to="/m/login" replace />;

  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const symbol = wallet.data?.currencySymbol ?? '';
  const data = info.data;
  const cards = data?.cards ?? [];
  const selected = cards.find((c) => c.bankCardId === cardId)?.bankCardId ?? cards[0]?.bankCardId;
  const items = history.data?.pages.flatMap((p) => p.list) ?? [];
  const held = items
    .filter((w) => w.status === 'PENDING' || w.status === 'PROCESSING')
    .reduce((sum, w) => sum + minor(w.amount), 0);

  return (
    <div className="pay-page">
      <section className="pay-card pay-balance">
        <div>
          <span className="pay-muted">{t('withdraw.balance')}</span>
          <strong className="pay-big">{data ? displayMoney(data.balance, symbol) : '…'}</strong>
        </div>
        <div>
          <span className="pay-muted">{t('withdraw.held')}</span>
          <strong className="pay-held">{displayMoney(held / 100, symbol)}</strong>
        </div>
      </section>
      <MethodTabs<Tab>
        label={t('withdraw.tabs')}
        value={tab}
        onChange={setTab}
        options={[
          { id: 'withdraw', label: t('withdraw.tab') },
          { id: 'accounts', label: t('accounts.tab') },
          { id: 'history', label: t('withdraw.history') },
        ]}
      />
      {info.isPending && <div className="pay-skeleton" aria-hidden="true" />}
      {info.error && (
        <p className="pay-state" role="alert">
          {info.error.message}
        </p>
      )}
      {data && tab === 'withdraw' && (
        <>
          {done && (
            <section className="pay-card pay-return" role="status">
              <Icon name="clock" size={26} className="pay-wait" />
              <div>
                <strong>{t('withdraw.heldTitle', { amount: displayMoney(done.amount, symbol) })}</strong>
                <p className="pay-muted">
                  {t('withdraw.heldText', { balance: displayMoney(done.result.balance, symbol) })}
                </p>
              </div>
            </section>
          )}
          {data.fundPasswordSet ? (
            <WithdrawForm
              info={data}
              symbol={symbol}
              cardId={selected}
              onAccounts={() => setTab('accounts')}
              onDone={(result, amount) => setDone({ result, amount })}
            />
          ) : (
            <section className="pay-card">
              <h2 className="pay-title">{t('fund.setTitle')}</h2>
              <p className="pay-muted">{t('fund.setText')}</p>
              <FundPasswordForm mode="set" />
            </section>
          )}
          <TurnoverCard info={data} symbol={symbol} />
          <LimitsCard info={data} symbol={symbol} />
        </>
      )}
      {data && tab === 'accounts' && (
        <AccountsCard cards={cards} selected={selected} onSelect={setCardId} payeeName={data.payeeName} />
      )}
      {tab === 'history' && (
        <WithdrawalList
          data={history.data}
          isPending={history.isPending}
          error={history.error?.message}
          hasNextPage={history.hasNextPage}
          isFetchingNextPage={history.isFetchingNextPage}
          fetchNextPage={() => void history.fetchNextPage()}
          symbol={symbol}
          locale={locale}
        />
      )}
      <InlineService />
    </div>
  );
}
