import { MAX_BANK_CARDS, type AccountKind, type BankCard } from '@playhouse/contract/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { ApiError } from '../../../lib/api.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { Modal } from '../../../shell/Modal.tsx';
import { showToast } from '../../../shell/toast.tsx';
import { useAddBankCard, useRemoveBankCard, useSetRealName } from '../api/withdrawals.ts';

/** Adds a bank card or e-wallet account; the payee is the profile's name, shown but not editable. */
function AddAccountForm({ payeeName, onDone }: { payeeName: string | null; onDone: () => void }) {
  const { t } = useTranslation('pay');
  const [kind, setKind] = useState<AccountKind>('BANK');
  const [bankName, setBankName] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const add = useAddBankCard();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await add.mutateAsync({ kind, bankName: bankName.trim(), accountNo: accountNo.trim() });
      showToast(t('accounts.added'), { kind: 'success' });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fields);
      if (!Object.keys(error.fields).length) showToast(error.message, { kind: 'error' });
    }
  };
  return (
    <form className="form-stack pay-add" onSubmit={(e) => void submit(e)} noValidate>
      <MethodTabs<AccountKind>
        label={t('accounts.kind')}
        value={kind}
        onChange={setKind}
        options={[
          { id: 'BANK', label: t('accounts.BANK') },
          { id: 'EWALLET', label: t('accounts.EWALLET') },
        ]}
      />
      <FormField
        id="card-bank"
        label={kind === 'BANK' ? t('accounts.bankName') : t('accounts.walletName')}
        required
        errors={errors.bankName}
      >
        <input
          id="card-bank"
          name="bankName"
          className="auth-input"
          maxLength={64}
          autoComplete="off"
          value={bankName}
          onChange={(e) => setBankName(e.target.value)}
          {...invalidProps('card-bank', errors.bankName)}
        />
      </FormField>
      <FormField
        id="card-number"
        label={kind === 'BANK' ? t('accounts.accountNo') : t('accounts.walletNo')}
        required
        errors={errors.accountNo}
      >
        <input
          id="card-number"
          name="accountNo"
          className="auth-input"
          maxLength={34}
          inputMode={kind === 'BANK' ? 'numeric' : 'text'}
          autoComplete="off"
          dir="ltr"
          value={accountNo}
          onChange={(e) => setAccountNo(e.target.value)}
          {...invalidProps('card-number', errors.accountNo)}
        />
      </FormField>
      <FormField
        id="card-payee"
        label={t('accounts.payee')}
        hint={<p className="auth-hint">{t('accounts.payeeHint')}</p>}
      >
        <input id="card-payee" className="auth-input" readOnly value={payeeName ?? ''} dir="auto" />
      </FormField>
      <div className="pay-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={add.isPending || !bankName.trim() || accountNo.trim().length < 4}
        >
          {t('accounts.save')}
        </button>
      </div>
    </form>
  );
}

/** The payee name, asked for once before the first account: it cannot be changed by the member later. */
function RealNameForm() {
  const { t } = useTranslation('pay');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const save = useSetRealName();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors(undefined);
    try {
      await save.mutateAsync(name.trim());
      showToast(t('accounts.nameSaved'), { kind: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fields.realName ?? [error.message]);
    }
  };
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
      <p className="pay-note">{t('accounts.noPayee')}</p>
      <FormField id="real-name" label={t('accounts.realName')} required errors={errors}>
        <input
          id="real-name"
          name="realName"
          className="auth-input"
          autoComplete="name"
          maxLength={64}
          dir="auto"
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...invalidProps('real-name', errors)}
        />
      </FormField>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={save.isPending || name.trim().length < 2}
      >
        {t('accounts.saveName')}
      </button>
    </form>
  );
}

/**
 * The member's bank cards and e-wallet accounts (at most five): pick the one a withdrawal goes to,
 * add one, remove one after a confirmation.
 */
export function AccountsCard({
  cards,
  selected,
  onSelect,
  payeeName,
}: {
  cards: BankCard[];
  selected: number | undefined;
  onSelect: (id: number) => void;
  payeeName: string | null;
}) {
  const { t } = useTranslation('pay');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankCard>();
  const remove = useRemoveBankCard();
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.bankCardId);
      showToast(t('accounts.removed'), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
    setRemoving(undefined);
  };
  return (
    <section className="pay-card">
      <h2 className="pay-title">{t('accounts.title')}</h2>
      {cards.length === 0 && !adding && <p className="pay-muted">{t('accounts.none')}</p>}
      {cards.length > 0 && (
        <div className="pay-channels" role="radiogroup" aria-label={t('accounts.choose')}>
          {cards.map((card) => (
            <div key={card.bankCardId} className="pay-account-row">
              <button
                type="button"
                role="radio"
                aria-checked={card.bankCardId === selected}
                className={`pay-channel${card.bankCardId === selected ? ' is-selected' : ''}`}
                onClick={() => onSelect(card.bankCardId)}
              >
                <span className="pay-channel-icon">
                  <Icon name={card.kind === 'BANK' ? 'wallet' : 'coins'} size={22} />
                </span>
                <span className="pay-channel-text">
                  <strong dir="auto">{card.bankName}</strong>
                  <span className="pay-muted" dir="ltr">
                    {card.accountNoMasked}
                  </span>
                  <span className="pay-muted" dir="auto">
                    {card.payeeName}
                  </span>
                </span>
                <span className="pay-radio" aria-hidden="true" />
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('accounts.remove', { name: `${card.bankName} ${card.accountNoMasked}` })}
                onClick={() => setRemoving(card)}
              >
                <Icon name="close" size={18} />
              </button>
            </div>
          ))}
        </div>
      )}
      {adding ? (
        <AddAccountForm payeeName={payeeName} onDone={() => setAdding(false)} />
      ) : payeeName === null ? (
        <RealNameForm />
      ) : cards.length < MAX_BANK_CARDS ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => setAdding(true)}>
          {t('accounts.add')}
        </button>
      ) : (
        <p className="pay-muted">{t('accounts.full', { max: MAX_BANK_CARDS })}</p>
      )}
      {removing && (
        <Modal title={t('accounts.removeTitle')} onClose={() => setRemoving(undefined)}>
          <p className="modal-text">
            {t('accounts.removeText', { name: `${removing.bankName} ${removing.accountNoMasked}` })}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(undefined)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={remove.isPending}
              onClick={() => void confirmRemove()}
            >
              {t('accounts.removeConfirm')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
