import type { App } from '../../src/app.ts';
import { staffAuth } from './test-app.ts';

export interface StaffSession {
  id: number;
  username: string;
  password: string;
  headers: { authorization: string };
}

let seq = 0;

const signIn = async (app: App, username: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/bo/api/session', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  return res.json().value as { token: string; passwordChangeRequired?: boolean };
};

/**
 * A staff account of `role` made the way an operator makes one: the owner creates it through
 * POST /bo/api/staff, the new member of staff signs in and changes the password they were given.
 */
export async function createStaff(
  app: App,
  role: string,
  owner?: { authorization: string },
): Promise<StaffSession> {
  const admin = owner ?? (await staffAuth(app));
  const username = `${role}.${Date.now().toString(36)}${seq++}`;
  const given = `given-${username}-pass`;
  const created = await app.inject({
    method: 'POST',
    url: '/bo/api/staff',
    headers: admin,
    payload: { userName: username, password: given, role },
  });
  if (created.statusCode !== 200) throw new Error(`staff creation failed: ${created.body}`);
  const first = await signIn(app, username, given);
  const password = `own-${username}-secret`;
  const changed = await app.inject({
    method: 'POST',
    url: '/bo/api/session/password',
    headers: { authorization: `Bearer ${first.token}` },
    payload: { currentPassword: given, newPassword: password },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  const session = await signIn(app, username, password);
  return {
    id: created.json().value.id as number,
    username,
    password,
    headers: { authorization: `Bearer ${session.token}` },
  };
}
