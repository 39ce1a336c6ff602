import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AgentHome,
  AgentTransfer,
  AgentTransferResult,
  Contract,
  ContractKind,
  ContractOffer,
  ContractPage,
  ContractRequests,
  MyCommissions,
  TeamKpi,
  TeamPage,
} from '@playhouse/contract/agents';
import { apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';

export type {
  AgentHome,
  Contract,
  ContractKind,
  ContractPage,
  ContractRequests,
  MyCommissions,
  TeamKpi,
  TeamPage,
};

/** My affiliate code, registration link, its QR code and my team's size. */
export const useAgentHome = (enabled: boolean) =>
  useMemberQuery<AgentHome>(['agent', 'home'], '/wps/agent/home', { enabled });

/** My downline's figures over a period of days in my time zone (spec "Team KPI"). */
export const useTeamKpi = (period: { startDate: string; endDate: string; timeZone: string }) =>
  useMemberQuery<TeamKpi>(
    ['agent', 'kpi', period.startDate, period.endDate, period.timeZone],
    `/wps/agent/teamKpi?${new URLSearchParams(period).toString()}`,
  );

/** One page of my downline, nearest first, optionally searched by username or direct members only. */
export const useTeam = (q: { pageNo: number; userName: string; direct: boolean }) => {
  const params = new URLSearchParams({ pageNo: String(q.pageNo), pageSize: '20' });
  if (q.userName.trim()) params.set('userName', q.userName.trim());
  if (q.direct) params.set('direct', 'true');
  return useMemberQuery<TeamPage>(
    ['agent', 'team', params.toString()],
    `/wps/agent/team?${params.toString()}`,
  );
};

/** A contract page: the request waiting for me and the contract in force. */
export const useContractPage = (kind: ContractKind) =>
  useMemberQuery<ContractPage>(['agent', 'contract', kind], `/wps/agent/contracts/${kind}`);

/** Which contract requests wait for me (spec §3), asked once after sign-in. */
export const useContractRequests = (enabled: boolean) =>
  useMemberQuery<ContractRequests>(['agent', 'contract-requests'], '/wps/agent/contractRequests', {
    enabled,
    staleTime: Infinity,
  });

/** My commissions by period. */
export const useMyCommissions = () =>
  useMemberQuery<MyCommissions>(['agent', 'commissions'], '/wps/agent/commissions');

function useAgentMutation<A, T>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}

/** Accepts or declines a contract request. */
export const useDecideContract = () =>
  useAgentMutation(({ id, accept }: { id: number; accept: boolean }) =>
    apiFetch<Contract>(`/wps/agent/contracts/${id}/${accept ? 'accept' : 'decline'}`, {
      method: 'POST',
      body: {},
    }),
  );

/** Offers a member directly below me a contract of a kind I hold. */
export const useOfferContract = () =>
  useAgentMutation((body: ContractOffer) =>
    apiFetch<{ contractId: number; userName: string }>('/wps/agent/contracts/offer', {
      method: 'POST',
      body,
    }),
  );

/** Money to a member of my team, or to my upline. */
export const useAgentTransfer = () =>
  useAgentMutation((body: AgentTransfer) =>
    apiFetch<AgentTransferResult>('/wps/agent/transfer', { method: 'POST', body }),
  );
