import type { ContractKind, ContractRequests } from '@playhouse/contract/agents';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMemberType, useSession } from '../../session/session.ts';
import { Modal } from '../../shell/Modal.tsx';
import { useContractRequests } from './api.ts';

/** Types that are not agents (0, 4, 40) or skip the contract check (4, 40, 41, 42): spec §6. */
const NOT_ASKED = [0, 4, 40, 41, 42];
/** Spec §3's request fields, the kind each names and its contract page (spec §2). */
const REQUESTS: { field: keyof ContractRequests; kind: ContractKind; path: string }[] = [
  { field: 'dailysalreqtype', kind: 'salary', path: '/m/member/agent/getSalaryContract' },
  { field: 'divtypecompperiodreq', kind: 'dividend', path: '/m/member/agent/getDevidendContract' },
  { field: 'contracthoursalreq', kind: 'hourly', path: '/m/member/agent/getHourContract' },
];
/** Asked once a sign-in: the tab's session storage is cleared at sign-out. */
const SEEN_KEY = 'agent.contractPrompt';

/**
 * The contract check at sign-in (spec §3, §6, §8): a member with a contract request waiting is shown
 * a dialog per request, with cancel and a go-to-contract-page action. Types 4, 40, 41 and 42 (and
 * non-agents) are never asked.
 */
export default function ContractPrompt() {
  const { t } = useTranslation('agent');
  const navigate = useNavigate();
  const session = useSession();
  const type = useMemberType();
  const [seen] = useState(() => sessionStorage.getItem(SEEN_KEY) === session?.token.slice(-12));
  const [dismissed, setDismissed] = useState<string[]>([]);
  const asked = Boolean(session) && type !== undefined && !NOT_ASKED.includes(type) && !seen;
  const requests = useContractRequests(asked);
  const waiting = Boolean(requests.data && REQUESTS.some((r) => requests.data[r.field]));
  // Never over another dialog (the sign-in announcements): it waits until the screen is clear.
  const [clear, setClear] = useState(false);
  useEffect(() => {
    if (!waiting || clear) return;
    // Clear at two checks in a row, so announcements about to open go first.
    let clearOnce = false;
    const check = () => {
      const free = !document.querySelector('[role="dialog"]');
      if (free && clearOnce) setClear(true);
      clearOnce = free;
    };
    const timer = setInterval(check, 700);
    return () => clearInterval(timer);
  }, [waiting, clear]);
  if (!asked || !requests.data || !clear) return null;
  const next = REQUESTS.find((r) => requests.data[r.field] && !dismissed.includes(r.field));
  if (!next) return null;
  const done = () => {
    sessionStorage.setItem(SEEN_KEY, session!.token.slice(-12));
    setDismissed((d) => [...d, next.field]);
  };
  return (
    <Modal title={t('contracts.prompt.title')} onClose={done}>
      <p className="modal-text">{t('contracts.prompt.text', { kind: t(`contracts.kinds.${next.kind}`) })}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={done}>
          {t('contracts.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            done();
            navigate(next.path);
          }}
        >
          {t('contracts.prompt.go')}
        </button>
      </div>
    </Modal>
  );
}
