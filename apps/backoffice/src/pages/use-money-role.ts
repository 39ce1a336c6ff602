import { useQuery } from '@tanstack/react-query';
import { moneyDeskCan, type MoneyPermission } from '@playhouse/contract/payments';
import { boFetch } from '../api.ts';

/**
 * What the signed-in staff member's role may do at the money desk (decision 018), from the session
 * the console already loaded: pages hide the actions the server would refuse.
 */
export function useMoneyRole() {
  const me = useQuery({
    queryKey: ['me'],
    queryFn: () => boFetch<{ username: string; role: string; enrolmentRequired: boolean }>('/bo/api/session'),
  });
  const role = me.data?.role;
  return { role, can: (permission: MoneyPermission) => moneyDeskCan(role, permission) };
}
