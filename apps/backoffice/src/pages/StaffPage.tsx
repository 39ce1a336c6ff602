import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSIGNABLE_ROLES,
  STAFF_PASSWORD_MAX,
  type StaffAccount,
} from '@playhouse/contract/staff-permissions';
import { ApiError, boFetch } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { EmptyRow } from './Pager.tsx';
import { TextField } from './TextField.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './money.css';

const STAFF_KEY = ['staff'] as const;

/** What an owner or admin does to another member of staff; each is confirmed first. */
type Action =
  | { kind: 'role'; role: string }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'password'; password: string }
  | { kind: 'twoFactor' }
  | { kind: 'signOut' };
type Kind = Action['kind'];

const request = (id: number, action: Action): { path: string; method: string; body?: unknown } => {
  const base = `/bo/api/staff/${id}`;
  switch (action.kind) {
    case 'role':
      return { path: `${base}/role`, method: 'PUT', body: { role: action.role } };
    case 'disable':
    case 'enable':
      return { path: `${base}/status`, method: 'PUT', body: { disabled: action.kind === 'disable' } };
    case 'password':
      return { path: `${base}/password`, method: 'POST', body: { password: action.password } };
    case 'twoFactor':
      return { path: `${base}/2fa/reset`, method: 'POST' };
    case 'signOut':
      return { path: `${base}/sessions/revoke`, method: 'POST' };
  }
};

type Notice = { kind: 'ok' | 'error'; text: string };

function useRoleName() {
  const { t } = useTranslation();
  return (role: string) => t(`roles.names.${role}`, { defaultValue: role });
}

/**
 * The confirmation of one action on an account: what it does, a new password for a reset (with the
 * policy), the server's refusal in the dialog, and confirm or step back (Escape, the backdrop).
 */
function ConfirmDialog({
  account,
  action,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  account: StaffAccount;
  action: Action;
  pending: boolean;
  error: ApiError | null;
  onConfirm: (action: Action) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [password, setPassword] = useState('');
  const confirm = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const username = account.username;
  const danger = action.kind !== 'role' && action.kind !== 'enable';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.kind === 'password') {
      if (password) onConfirm({ kind: 'password', password });
    } else onConfirm(action);
  };
  return (
    <Dialog
      titleId="staff-confirm-title"
      focus={action.kind === 'password' ? input : confirm}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <h2 id="staff-confirm-title">{t(`staff.confirm.${action.kind}.title`, { username })}</h2>
      <p className="dialog-summary">
        {t(`staff.confirm.${action.kind}.body`, {
          username,
          from: roleName(account.role),
          to: action.kind === 'role' ? roleName(action.role) : '',
        })}
      </p>
      {action.kind === 'password' && (
        <>
          <TextField
            ref={input}
            label={t('staff.newPassword')}
            errors={error?.fields.password}
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={STAFF_PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <small className="hint">{t('password.policy')}</small>
        </>
      )}
      {error && !error.fields.password && (
        <p className="alert" role="alert">
          {error.message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button
          ref={confirm}
          type="submit"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={pending || (action.kind === 'password' && !password)}
        >
          {t(`staff.actions.${action.kind}`)}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * One account's row. The role shown is the server's: the staff list in the query cache, which the
 * answer to a change replaces before the list is fetched again (an in-flight fetch is cancelled
 * first), so it is right whichever finishes first; while the change is on its way the chosen role is
 * shown.
 */
function StaffRow({
  account,
  fixed,
  isSelf,
  onNotice,
}: {
  account: StaffAccount;
  /** The owner, or oneself: shown, not actionable. */
  fixed: 'owner' | 'self' | 'readOnly' | null;
  isSelf: boolean;
  onNotice: (notice: Notice | undefined) => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Action>();
  const act = useMutation({
    mutationFn: (action: Action) => {
      const { path, method, body } = request(account.id, action);
      return boFetch<StaffAccount>(path, { method, ...(body !== undefined ? { body } : {}) });
    },
    onMutate: async () => {
      onNotice(undefined);
      await queryClient.cancelQueries({ queryKey: STAFF_KEY });
    },
    onSuccess: (saved, action) => {
      queryClient.setQueryData<StaffAccount[]>(STAFF_KEY, (list) =>
        list?.map((a) => (a.id === saved.id ? saved : a)),
      );
      setAsking(undefined);
      onNotice({
        kind: 'ok',
        text: t(action.kind === 'role' ? 'roles.saved' : `staff.done.${action.kind}`, {
          username: saved.username,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const shownRole = act.isPending && act.variables.kind === 'role' ? act.variables.role : account.role;
  const ask = (action: Action) => {
    act.reset();
    setAsking(action);
  };
  const button = (kind: Exclude<Kind, 'role' | 'password'> | 'password', danger = false) => (
    <button
      type="button"
      className={danger ? 'btn btn-danger' : 'btn'}
      onClick={() => ask(kind === 'password' ? { kind, password: '' } : { kind })}
    >
      {t(`staff.actions.${kind}`)}
    </button>
  );
  return (
    <tr>
      <td data-label={t('roles.username')}>
        <span>
          <span className="mono">{account.username}</span>
          {isSelf && <span className="block muted">{t('staff.you')}</span>}
        </span>
      </td>
      <td data-label={t('roles.role')}>
        {fixed ? (
          <span className="status">{roleName(account.role)}</span>
        ) : (
          <select
            aria-label={t('roles.roleOf', { username: account.username })}
            value={shownRole}
            disabled={act.isPending}
            onChange={(e) => ask({ kind: 'role', role: e.target.value })}
          >
            {!(ASSIGNABLE_ROLES as readonly string[]).includes(account.role) && (
              <option value={account.role}>{roleName(account.role)}</option>
            )}
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        )}
      </td>
      <td data-label={t('staff.status')}>
        <span className="badges">
          <span className={account.disabled ? 'badge badge-off' : 'badge badge-on'}>
            {account.disabled ? t('staff.disabled') : t('staff.active')}
          </span>
          {account.mustChangePassword && <span className="badge badge-warn">{t('staff.mustChange')}</span>}
        </span>
      </td>
      <td data-label={t('twoFactor.title')}>
        <span className="badges">
          <span className={account.twoFactor ? 'badge badge-on' : 'badge badge-off'}>
            {account.twoFactor ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        </span>
      </td>
      <td data-label={t('staff.actionsTitle')}>
        {fixed === 'owner' && <span className="muted">{t('staff.ownerFixed')}</span>}
        {fixed === 'self' && <span className="muted">{t('staff.selfFixed')}</span>}
        {!fixed && (
          <span className="row-actions wrap">
            {account.disabled ? button('enable') : button('disable', true)}
            {button('password')}
            {account.twoFactor && button('twoFactor')}
            {!account.disabled && button('signOut')}
          </span>
        )}
        {asking && (
          <ConfirmDialog
            account={account}
            action={asking}
            pending={act.isPending}
            error={
              act.error instanceof ApiError
                ? act.error
                : act.error
                  ? new ApiError(0, 'INTERNAL', String(act.error))
                  : null
            }
            onConfirm={(action) => act.mutate(action)}
            onCancel={() => setAsking(undefined)}
          />
        )}
      </td>
    </tr>
  );
}

/** A new staff account: username, a first password (changed at the first sign-in) and a role. */
function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (username: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<string>('support');
  const create = useMutation({
    mutationFn: (body: { userName: string; password: string; role: string }) =>
      boFetch<{ id: number }>('/bo/api/staff', { method: 'POST', body }),
    onSuccess: (_created, body) => {
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onCreated(body.userName);
    },
  });
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  return (
    <form
      className="card section stack"
      aria-labelledby="staff-create-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ userName: userName.trim(), password, role });
      }}
    >
      <h2 id="staff-create-title">{t('staff.createTitle')}</h2>
      <div className="grid-2">
        <div>
          <TextField
            label={t('roles.username')}
            errors={fields.userName}
            name="userName"
            autoComplete="off"
            maxLength={64}
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
          />
          <small className="hint">{t('staff.usernameHint')}</small>
        </div>
        <label className="field">
          <span>{t('roles.role')}</span>
          <select
            value={role}
            onChange={(e) => setRole(e.target.value)}
            aria-invalid={fields.role ? true : undefined}
          >
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
          {fields.role && <small className="field-error">{fields.role.join(', ')}</small>}
        </label>
        <div>
          <TextField
            label={t('staff.firstPassword')}
            errors={fields.password}
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={STAFF_PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <small className="hint">{t('password.policy')}</small>
        </div>
        <p className="hint">{t(`staff.roleHints.${role}`)}</p>
      </div>
      <p className="muted">{t('staff.firstPasswordHint')}</p>
      {create.error && !Object.keys(fields).length && (
        <p className="alert" role="alert">
          {create.error.message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('money.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={create.isPending || !userName || !password}
        >
          {t('staff.create')}
        </button>
      </div>
    </form>
  );
}

/**
 * Staff accounts: owners and admins create them, change roles, disable and enable them, reset their
 * password and second factor, and sign them out everywhere; every change is confirmed and audited.
 * The owner's account and one's own are shown but not changed here.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { can, username: me } = useStaffRole();
  const canWrite = can('staff.write');
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: () => boFetch<StaffAccount[]>('/bo/api/staff'),
    enabled: can('staff.read'),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('staff.title')}</h1>
        {canWrite && !creating && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(undefined);
              setCreating(true);
            }}
          >
            {t('staff.add')}
          </button>
        )}
      </div>
      <p className="muted">{t('staff.intro')}</p>
      {creating && (
        <CreateForm
          onCancel={() => setCreating(false)}
          onCreated={(username) => {
            setCreating(false);
            setNotice({ kind: 'ok', text: t('staff.done.created', { username }) });
          }}
        />
      )}
      {notice && (
        <p className={notice.kind === 'ok' ? 'notice-ok' : 'notice-error'} role="status">
          {notice.text}
        </p>
      )}
      {staff.error && <p className="alert">{staff.error.message}</p>}
      <table className="table table-middle stack-narrow section">
        <thead>
          <tr>
            <th>{t('roles.username')}</th>
            <th>{t('roles.role')}</th>
            <th>{t('staff.status')}</th>
            <th>{t('twoFactor.title')}</th>
            <th>{t('staff.actionsTitle')}</th>
          </tr>
        </thead>
        <tbody>
          {staff.data?.map((account) => (
            <StaffRow
              key={account.id}
              account={account}
              fixed={
                account.role === 'owner'
                  ? 'owner'
                  : account.username === me
                    ? 'self'
                    : canWrite
                      ? null
                      : 'readOnly'
              }
              isSelf={account.username === me}
              onNotice={setNotice}
            />
          ))}
          {staff.data?.length === 0 && <EmptyRow colSpan={5} />}
        </tbody>
      </table>
    </section>
  );
}
