import { findLanguage } from '@playhouse/contract/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { showToast } from '../../shell/toast.tsx';
import {
  useContractPage,
  useDecideContract,
  useMyCommissions,
  useOfferContract,
  type Contract,
  type ContractKind,
} from './api.ts';
import './agent.css';
import { currencySymbol } from '@playhouse/contract/money';

/** The spec's three contract pages (§2) by path. */
const KIND_OF_PATH: Record<string, ContractKind> = {
  '/m/member/agent/getsalarycontract': 'salary',
  '/m/member/agent/gethourcontract': 'hourly',
  '/m/member/agent/getdevidendcontract': 'dividend',
};

const money = (amount: string) => formatMoney(Number(amount));

/** A contract's steps: from what basis and how many active players, what it pays. */
function Terms({ contract }: { contract: Contract }) {
  const { t } = useTranslation('agent');
  const basis = contract.kind === 'dividend' ? 'contracts.minLoss' : 'contracts.minTurnover';
  return (
    <>
      <table className="agent-terms">
        <thead>
          <tr>
            <th scope="col">{t(basis)}</th>
            <th scope="col">{t('contracts.activePlayers')}</th>
            <th scope="col">{t('contracts.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {contract.terms.tiers.map((tier, i) => (
            <tr key={i}>
              <td>
                <span dir="ltr">{money(tier.min)}</span>
              </td>
              <td>{tier.minActive}</td>
              <td>
                <span dir="ltr">
                  {Number(tier.rate)}%{Number(tier.fixed) > 0 && ` + ${money(tier.fixed)}`}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {contract.kind === 'dividend' && (
        <p className="agent-muted">
          {t('contracts.cycle')}: {t(`contracts.cycles.${contract.terms.cycle}`)}
        </p>
      )}
    </>
  );
}

/** The request waiting for me: accept (after the spec's prompt) or decline. */
function PendingCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation('agent');
  const decide = useDecideContract();
  const [confirming, setConfirming] = useState(false);
  const kindName = t(`contracts.kinds.${contract.kind}`);
  const run = (accept: boolean) => {
    setConfirming(false);
    decide.mutate(
      { id: contract.id, accept },
      {
        onSuccess: () =>
          showToast(t(accept ? 'contracts.accepted' : 'contracts.declined'), { kind: 'success' }),
      },
    );
  };
  return (
    <div className="agent-card agent-contract-pending" role="region" aria-label={t('contracts.pending')}>
      <h2>
        <Icon name="gift" /> {t('contracts.pending')}
      </h2>
      <p className="agent-muted">
        {contract.offeredBy
          ? t('contracts.offeredBy', { name: contract.offeredBy })
          : t('contracts.offeredByOperator')}
      </p>
      <Terms contract={contract} />
      {decide.error && (
        <p className="agent-error" role="alert">
          {decide.error.message}
        </p>
      )}
      <div className="agent-actions">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={decide.isPending}
          onClick={() => run(false)}
        >
          {t('contracts.decline')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={decide.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('contracts.accept')}
        </button>
      </div>
      {confirming && (
        <Modal title={t('contracts.acceptTitle')} onClose={() => setConfirming(false)}>
          <p className="modal-text">{t('contracts.acceptConfirm', { kind: kindName })}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              {t('contracts.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => run(true)}>
              {t('contracts.accept')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** An agent offers a direct member of its team a contract of this kind (one step). */
function OfferCard({ kind, own }: { kind: ContractKind; own: Contract }) {
  const { t } = useTranslation('agent');
  const offer = useOfferContract();
  const [userName, setUserName] = useState('');
  const [min, setMin] = useState('0');
  const [minActive, setMinActive] = useState('1');
  const [rate, setRate] = useState('');
  const maxRate = Math.max(...own.terms.tiers.map((x) => Number(x.rate)));
  const fields = offer.error instanceof ApiError ? offer.error.fields : {};
  return (
    <form
      className="agent-card agent-form"
      aria-labelledby="agent-offer-title"
      onSubmit={(e) => {
        e.preventDefault();
        offer.mutate(
          {
            userName: userName.trim(),
            kind,
            terms: {
              tiers: [{ min: min || '0', minActive: Number(minActive) || 0, rate, fixed: '0.00' }],
              cycle: own.terms.cycle,
            },
          },
          {
            onSuccess: (r) => {
              showToast(t('contracts.offer.sent', { name: r.userName }), { kind: 'success' });
              setUserName('');
            },
          },
        );
      }}
    >
      <h2 id="agent-offer-title">{t('contracts.offer.title')}</h2>
      <label className="agent-field">
        <span>{t('contracts.offer.userName')}</span>
        <input
          value={userName}
          maxLength={64}
          required
          dir="ltr"
          onChange={(e) => setUserName(e.target.value)}
        />
      </label>
      <div className="agent-field-row">
        <label className="agent-field">
          <span>{t(kind === 'dividend' ? 'contracts.minLoss' : 'contracts.minTurnover')}</span>
          <input inputMode="decimal" value={min} dir="ltr" onChange={(e) => setMin(e.target.value)} />
        </label>
        <label className="agent-field">
          <span>{t('contracts.activePlayers')}</span>
          <input
            inputMode="numeric"
            value={minActive}
            dir="ltr"
            onChange={(e) => setMinActive(e.target.value)}
          />
        </label>
      </div>
      <label className="agent-field">
        <span>{t('contracts.offer.rate')}</span>
        <input
          inputMode="decimal"
          value={rate}
          required
          dir="ltr"
          onChange={(e) => setRate(e.target.value)}
        />
        <small className="agent-muted">{t('contracts.offer.hint', { rate: maxRate })}</small>
      </label>
      {offer.error && !Object.keys(fields).length && (
        <p className="agent-error" role="alert">
          {offer.error.message}
        </p>
      )}
      {Object.entries(fields).map(([f, m]) => (
        <p key={f} className="agent-error" role="alert">
          {m.join(', ')}
        </p>
      ))}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={offer.isPending || !userName.trim() || !rate}
      >
        {t('contracts.offer.submit')}
      </button>
    </form>
  );
}

/** What this kind of contract earned me, period by period. */
function EarningsCard({ kind }: { kind: ContractKind }) {
  const { t, i18n } = useTranslation('agent');
  const list = useMyCommissions();
  const rows = list.data?.list.filter((c) => c.kind === kind && c.status !== 'nil') ?? [];
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const when = new Intl.DateTimeFormat(
    tag,
    kind === 'hourly' ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'medium' },
  );
  return (
    <div className="agent-card">
      <h2>{t('contracts.earnings')}</h2>
      {list.data && rows.length === 0 && <p className="agent-muted">{t('contracts.noEarnings')}</p>}
      <ul className="agent-earnings" aria-busy={list.isPending}>
        {rows.map((c) => (
          <li key={c.periodKey}>
            <span>{when.format(c.periodStart)}</span>
            <strong dir="ltr">
              {currencySymbol(list.data?.currency ?? '')}
              {money(c.amount)}
            </strong>
            <span className={`agent-status agent-status-${c.status}`}>
              {t(`contracts.status.${c.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /m/member/agent/getSalaryContract, getHourContract and getDevidendContract (spec §2): the contract
 * request waiting for me with its steps, accepted after the spec's prompt or declined; the contract in
 * force; what it earned; and, for agents holding one, an offer to a member directly below them.
 */
export default function ContractPage() {
  const { t, i18n } = useTranslation('agent');
  const session = useSession();
  const { pathname } = useLocation();
  const kind = KIND_OF_PATH[pathname.replace(/\/+$/, '').toLowerCase()] ?? 'salary';
  const page = useContractPage(kind);
  const kindName = t(`contracts.kinds.${kind}`);
  const date = new Intl.DateTimeFormat(findLanguage(i18n.language)?.tag ?? 'en', { dateStyle: 'medium' });
  if (!session)
    return (
      <section className="empty-state">
        <Icon name="user" size={48} />
        <p>{t('loginHint')}</p>
        <Link className="btn btn-primary" to="/m/login">
          {t('login')}
        </Link>
      </section>
    );
  if (page.isError)
    return (
      <section className="empty-state" role="alert">
        <Icon name="refresh" size={40} />
        <p>{t('loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void page.refetch()}>
          {t('retry')}
        </button>
      </section>
    );
  if (!page.data) return <div className="page-loader" aria-hidden="true" />;
  const { pending, active, canOffer } = page.data;
  return (
    <section className="agent-page">
      <header className="agent-hero agent-contract-hero">
        <span className="agent-badge">{kindName}</span>
        <p>{t(`contracts.about.${kind}`)}</p>
      </header>
      {pending && <PendingCard contract={pending} />}
      {active ? (
        <div className="agent-card" role="region" aria-label={t('contracts.active')}>
          <h2>
            <Icon name="shield" /> {t('contracts.active')}
          </h2>
          <p className="agent-muted">
            {t('contracts.since', { date: date.format(active.decidedAt ?? active.createdAt) })} ·{' '}
            {active.offeredBy
              ? t('contracts.offeredBy', { name: active.offeredBy })
              : t('contracts.offeredByOperator')}
          </p>
          <Terms contract={active} />
        </div>
      ) : (
        !pending && (
          <div className="agent-card agent-empty">
            <Icon name="star" size={36} />
            <p>{t('contracts.none', { kind: kindName })}</p>
          </div>
        )
      )}
      {active && <EarningsCard kind={kind} />}
      {canOffer && active && <OfferCard kind={kind} own={active} />}
    </section>
  );
}
