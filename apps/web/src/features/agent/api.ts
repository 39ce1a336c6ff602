import type { AgentHome, TeamKpi, TeamPage } from '@playhouse/contract/agents';
import { useMemberQuery } from '../../session/session.ts';

export type { AgentHome, TeamKpi, TeamPage };

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
