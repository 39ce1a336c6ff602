import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type StaffMember } from '@playhouse/contract/payments';
import { ApiError, boFetch } from '../api.ts';
import { useMoneyRole } from './use-money-role.ts';

/** Staff roles (decision 018): an admin gives each member of staff admin, finance or support; audited. */
export function StaffRolesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { can } = useMoneyRole();
  const me = queryClient.getQueryData<{ username: string }>(['me']);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => boFetch<StaffMember[]>('/bo/api/staff'),
    enabled: can('configure'),
  });
  const save = useMutation({
    mutationFn: ({ id, role }: { id: number; role: string }) =>
      boFetch<StaffMember>(`/bo/api/staff/${id}/role`, { method: 'PUT', body: { role } }),
    // The list shows the saved role at once, whichever lands last: the answer to the save or a
    // fetch of the list (an older one in flight is cancelled by the refetch asked for here).
    onSuccess: (member) => {
      queryClient.setQueryData<StaffMember[]>(['staff'], (list) =>
        list?.map((s) => (s.id === member.id ? member : s)),
      );
      setNotice({ kind: 'ok', text: t('roles.saved', { username: member.username }) });
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) =>
      setNotice({ kind: 'error', text: error instanceof ApiError ? error.message : String(error) }),
  });
  const roleName = (role: string) => t(`roles.names.${role}`, { defaultValue: role });
  return (
    <section>
      <div className="page-head">
        <h1>{t('roles.title')}</h1>
      </div>
      <p className="muted">{t('roles.intro')}</p>
      {!can('configure') && <p className="alert">{t('roles.adminsOnly')}</p>}
      {notice && (
        <p className={notice.kind === 'ok' ? 'notice-ok' : 'notice-error'} role="status">
          {notice.text}
        </p>
      )}
      {staff.data && (
        <table className="table table-middle">
          <thead>
            <tr>
              <th>{t('roles.username')}</th>
              <th>{t('roles.role')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.data.map((s) => {
              const fixed = s.role === 'owner' || s.username === me?.username;
              // While saving, the select shows the role being saved rather than springing back.
              const shown = save.isPending && save.variables.id === s.id ? save.variables.role : s.role;
              return (
                <tr key={s.id}>
                  <td data-label={t('roles.username')}>{s.username}</td>
                  <td data-label={t('roles.role')}>
                    {fixed ? (
                      <span className="status">{roleName(s.role)}</span>
                    ) : (
                      <select
                        aria-label={t('roles.roleOf', { username: s.username })}
                        value={shown}
                        disabled={save.isPending}
                        onChange={(e) => {
                          setNotice(undefined);
                          save.mutate({ id: s.id, role: e.target.value });
                        }}
                      >
                        {!(ASSIGNABLE_ROLES as readonly string[]).includes(s.role) && (
                          <option value={s.role}>{roleName(s.role)}</option>
                        )}
                        {ASSIGNABLE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleName(r)}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
