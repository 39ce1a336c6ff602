import { useQuery } from '@tanstack/react-query';
import { staffCan, type RoutePermission } from '@playhouse/contract/staff-permissions';
import { boFetch } from '../api.ts';

/** The signed-in member of staff, as GET /bo/api/session answers. */
export interface Me {
  username: string;
  role: string;
  /** Signed in only to set up the second factor the settings require. */
  enrolmentRequired: boolean;
  /** The password was chosen by somebody else: nothing but the password change until it is changed. */
  passwordChangeRequired: boolean;
}

export const ME_KEY = ['me'] as const;

/** The console's session, loaded once and shared (query key `me`). */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: () => boFetch<Me>('/bo/api/session') });
}

/**
 * What the signed-in member of staff's role may do, from the permission matrix the server enforces
 * (staffCan): the console hides menu entries, pages and buttons the server would refuse.
 */
export function useStaffRole() {
  const me = useMe();
  const role = me.data?.role;
  return {
    role,
    username: me.data?.username,
    can: (permission: RoutePermission) => staffCan(role, permission),
  };
}
