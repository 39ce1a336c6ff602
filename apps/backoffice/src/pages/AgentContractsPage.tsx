import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BoContract,
  BoTemplate,
  ContractKind,
  ContractTerms,
  ContractTier,
  DividendCycle,
} from '@playhouse/contract/agents';
import { ApiError, boFetch } from '../api.ts';
import { useStaffRole } from './use-staff-role.ts';

const KINDS: ContractKind[] = ['salary', 'hourly', 'dividend'];
const CYCLES: DividendCycle[] = ['day', 'week', 'month'];
const KEY = 'agent-contracts';

const blankTier = (): ContractTier => ({ min: '0.00', minActive: 1, rate: '1.00', fixed: '0.00' });

/** One line per step: "from 1000.00 with 3 players: 1.50 %" (+ a fixed amount). */
export function TermsText({ terms, kind }: { terms: ContractTerms; kind: ContractKind }) {
  const { t } = useTranslation();
  return (
    <span className="terms-lines">
      {terms.tiers.map((x, i) => (
        <span key={i}>
          {t('agentContracts.step', { min: x.min, players: x.minActive, rate: x.rate })}
          {Number(x.fixed) > 0 && <span dir="ltr"> + {x.fixed}</span>}
        </span>
      ))}
      {kind === 'dividend' && <span>{t(`agentContracts.cycles.${terms.cycle}`)}</span>}
    </span>
  );
}

/** Creates or changes a template: its kind, name, steps and (dividend) cycle. */
function TemplateForm({ editing, onDone }: { editing: BoTemplate | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<ContractKind>(editing?.kind ?? 'dividend');
  const [cycle, setCycle] = useState<DividendCycle>(editing?.terms.cycle ?? 'week');
  const [tiers, setTiers] = useState<ContractTier[]>(editing?.terms.tiers ?? [blankTier()]);
  const save = useMutation({
    mutationFn: () =>
      boFetch<BoTemplate>(editing ? `/bo/api/agents/templates/${editing.id}` : '/bo/api/agents/templates', {
        method: editing ? 'PUT' : 'POST',
        body: { name: name.trim(), kind, terms: { tiers, cycle } },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [KEY] });
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const setTier = (i: number, patch: Partial<ContractTier>) =>
    setTiers((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <form
      className="card section"
      aria-labelledby="template-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="template-form-title">
        {t(editing ? 'agentContracts.editTemplate' : 'agentContracts.newTemplate')}
      </h2>
      <div className="grid-2">
        <label className="field">
          <span>{t('agentContracts.name')}</span>
          <input value={name} maxLength={64} required onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('agentContracts.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agentContracts.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {kind === 'dividend' && (
          <label className="field">
            <span>{t('agentContracts.cycle')}</span>
            <select value={cycle} onChange={(e) => setCycle(e.target.value as DividendCycle)}>
              {CYCLES.map((c) => (
                <option key={c} value={c}>
                  {t(`agentContracts.cycles.${c}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th>{t(kind === 'dividend' ? 'agentContracts.minLoss' : 'agentContracts.minTurnover')}</th>
              <th>{t('agentContracts.minActive')}</th>
              <th>{t('agentContracts.rate')}</th>
              <th>{t('agentContracts.fixed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tiers.map((x, i) => (
              <tr key={i}>
                <td>
                  <input
                    aria-label={`${t('agentContracts.minTurnover')} ${i + 1}`}
                    inputMode="decimal"
                    value={x.min}
                    onChange={(e) => setTier(i, { min: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${t('agentContracts.minActive')} ${i + 1}`}
                    type="number"
                    min={0}
                    value={x.minActive}
                    onChange={(e) => setTier(i, { minActive: Number(e.target.value) })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${t('agentContracts.rate')} ${i + 1}`}
                    inputMode="decimal"
                    value={x.rate}
                    onChange={(e) => setTier(i, { rate: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${t('agentContracts.fixed')} ${i + 1}`}
                    inputMode="decimal"
                    value={x.fixed}
                    onChange={(e) => setTier(i, { fixed: e.target.value })}
                  />
                </td>
                <td>
                  {tiers.length > 1 && (
                    <button
                      type="button"
                      className="btn"
                      onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
                    >
                      {t('agentContracts.removeStep')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">{t('agentContracts.stepsHint')}</p>
      {Object.entries(fields).map(([f, m]) => (
        <p key={f} className="alert">
          {f}: {m.join(', ')}
        </p>
      ))}
      {save.error && !Object.keys(fields).length && <p className="alert">{save.error.message}</p>}
      <div className="actions">
        <button
          type="button"
          className="btn"
          disabled={tiers.length >= 10}
          onClick={() => setTiers((all) => [...all, blankTier()])}
        >
          {t('agentContracts.addStep')}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={onDone}>
            {t('agents.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !name.trim()}>
          {t('agents.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Agent contracts: the operator's templates (daily salary, hourly salary, dividend), offering one to
 * an agent (it waits for the agent to accept), and every contract and request with its status.
 */
export function AgentContractsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useStaffRole().can('agents.write');
  const [editing, setEditing] = useState<BoTemplate | undefined>();
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState('');
  const [userName, setUserName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const templates = useQuery({
    queryKey: [KEY, 'templates'],
    queryFn: () => boFetch<BoTemplate[]>('/bo/api/agents/templates'),
  });
  const contracts = useQuery({
    queryKey: [KEY, 'contracts'],
    queryFn: () => boFetch<BoContract[]>('/bo/api/agents/contracts'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => boFetch(`/bo/api/agents/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
  const offer = useMutation({
    mutationFn: () =>
      boFetch<BoContract>('/bo/api/agents/contracts', {
        method: 'POST',
        body: { userName: userName.trim(), templateId: Number(templateId) },
      }),
    onSuccess: (c) => {
      setNotice(t('agentContracts.offered', { userName: c.userName }));
      setUserName('');
      void queryClient.invalidateQueries({ queryKey: [KEY] });
    },
  });
  const end = useMutation({
    mutationFn: (id: number) => boFetch(`/bo/api/agents/contracts/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
  const when = new Intl.DateTimeFormat(i18n.language === 'EN' ? 'en' : undefined, { dateStyle: 'medium' });
  const list = templates.data ?? [];
  return (
    <>
      <div className="page-head">
        <h1>{t('agentContracts.title')}</h1>
      </div>
      {notice && (
        <p className="notice-ok" role="status">
          {notice}
        </p>
      )}
      {canWrite && (
        <TemplateForm
          key={editing?.id ?? `new-${formKey}`}
          editing={editing}
          onDone={() => {
            setEditing(undefined);
            setFormKey((k) => k + 1);
            setNotice(t('agents.saved'));
          }}
        />
      )}
      <div className="card section">
        <h2>{t('agentContracts.templates')}</h2>
        {templates.error && <p className="alert">{templates.error.message}</p>}
        {list.length === 0 ? (
          <p className="empty">{t('agentContracts.noTemplates')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th>{t('agentContracts.name')}</th>
                  <th>{t('agentContracts.kind')}</th>
                  <th>{t('agentContracts.terms')}</th>
                  {canWrite && <th />}
                </tr>
              </thead>
              <tbody>
                {list.map((x) => (
                  <tr key={x.id}>
                    <td>{x.name}</td>
                    <td>{t(`agentContracts.kinds.${x.kind}`)}</td>
                    <td>
                      <TermsText terms={x.terms} kind={x.kind} />
                    </td>
                    {canWrite && (
                      <td className="nowrap">
                        <button type="button" className="btn" onClick={() => setEditing(x)}>
                          {t('agents.edit')}
                        </button>{' '}
                        <button
                          type="button"
                          className="btn"
                          onClick={() => {
                            if (window.confirm(t('agentContracts.deleteConfirm', { name: x.name })))
                              remove.mutate(x.id);
                          }}
                        >
                          {t('agentContracts.delete')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {canWrite && (
        <form
          className="card section"
          aria-labelledby="offer-title"
          onSubmit={(e) => {
            e.preventDefault();
            offer.mutate();
          }}
        >
          <h2 id="offer-title">{t('agentContracts.offerTitle')}</h2>
          <div className="grid-2">
            <label className="field">
              <span>{t('agents.userName')}</span>
              <input
                value={userName}
                required
                autoComplete="off"
                onChange={(e) => setUserName(e.target.value)}
              />
            </label>
            <label className="field">
              <span>{t('agentContracts.template')}</span>
              <select value={templateId} required onChange={(e) => setTemplateId(e.target.value)}>
                <option value="" />
                {list.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name} · {t(`agentContracts.kinds.${x.kind}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {offer.error && <p className="alert">{offer.error.message}</p>}
          <div className="actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={offer.isPending || !userName.trim() || !templateId}
            >
              {t('agentContracts.offer')}
            </button>
          </div>
        </form>
      )}
      <div className="card section">
        <h2>{t('agentContracts.contracts')}</h2>
        {contracts.error && <p className="alert">{contracts.error.message}</p>}
        {end.error && <p className="alert">{end.error.message}</p>}
        {contracts.data && contracts.data.length === 0 ? (
          <p className="empty">{t('agentContracts.noContracts')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th>{t('agents.userName')}</th>
                  <th>{t('agentContracts.kind')}</th>
                  <th>{t('agentContracts.terms')}</th>
                  <th>{t('agentContracts.status')}</th>
                  <th>{t('agentContracts.offeredBy')}</th>
                  <th>{t('agents.since')}</th>
                  {canWrite && <th />}
                </tr>
              </thead>
              <tbody>
                {contracts.data?.map((c) => (
                  <tr key={c.id}>
                    <td className="mono">{c.userName}</td>
                    <td>{t(`agentContracts.kinds.${c.kind}`)}</td>
                    <td>
                      <TermsText terms={c.terms} kind={c.kind} />
                    </td>
                    <td>
                      <span className={c.status === 'active' ? 'badge badge-on' : 'badge'}>
                        {t(`agentContracts.statuses.${c.status}`)}
                      </span>
                    </td>
                    <td className="mono">{c.offeredBy ?? t('agentContracts.operator')}</td>
                    <td className="nowrap">{when.format(c.decidedAt ?? c.createdAt)}</td>
                    {canWrite && (
                      <td>
                        {(c.status === 'pending' || c.status === 'active') && (
                          <button
                            type="button"
                            className="btn"
                            disabled={end.isPending}
                            onClick={() => {
                              if (window.confirm(t('agentContracts.endConfirm', { userName: c.userName })))
                                end.mutate(c.id);
                            }}
                          >
                            {t('agentContracts.end')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
export default AgentContractsPage;
