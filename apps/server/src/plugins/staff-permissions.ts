import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  ROLE_GRANTS,
  staffCan,
  type RoutePermission,
  type StaffRole,
} from '@playhouse/contract/staff-permissions';
import { AppError } from '../lib/app-error.ts';
import { bearerToken } from '../lib/bearer.ts';

export const BACK_OFFICE_API = '/bo/api/';

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
}

/** The signed-in staff member a back-office request runs as, once its permission is checked. */
export interface RequestStaff {
  id: number;
  operatorId: number;
  username: string;
  role: string;
  sessionId: number;
  enrolmentOnly: boolean;
  mustChangePassword: boolean;
}

const rolesHolding = (permission: RoutePermission) =>
  permission === 'public' || permission === 'session'
    ? permission
    : (Object.keys(ROLE_GRANTS) as StaffRole[]).filter((role) => staffCan(role, permission)).join(', ');

/**
 * The back office's permission matrix, enforced where routes are declared: every `/bo/api` route must
 * name its permission in `config.permission` or the server does not start, and gets a check before its
 * body is validated. `public` routes run for anybody; `session` routes for any staff session (an
 * enrolment-only or must-change-password one too); every other permission needs a full session whose
 * role holds it (403 ROLE_FORBIDDEN otherwise). The checked staff member is `request.staff`.
 * Answers the declared routes, for the test that walks them all.
 */
export function registerStaffPermissions(app: FastifyInstance): () => readonly DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];

  const check = async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission!;
    if (permission === 'public') return;
    const staff = await request.server.services.staff.authenticate(bearerToken(request), {
      allowEnrolment: permission === 'session',
    });
    if (staff.operatorId !== request.operator.id) throw new AppError('FORBIDDEN');
    if (permission !== 'session') {
      if (staff.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      if (!staffCan(staff.role, permission))
        throw new AppError('ROLE_FORBIDDEN', {
          params: { role: staff.role, action: permission },
          extra: { role: staff.role, permission },
        });
    }
    request.staff = staff;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(BACK_OFFICE_API)) return;
    const permission = (route.config as { permission?: RoutePermission } | undefined)?.permission;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) =>
      String(m).toUpperCase(),
    );
    if (!permission) throw new Error(`${methods.join(',')} ${route.url} declares no staff permission`);
    for (const method of methods) declared.push({ method, url: route.url, permission });
    const existing = route.preValidation;
    route.preValidation = [check, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
    const schema = route.schema as { hide?: boolean; description?: string } | undefined;
    if (schema && !schema.hide) {
      const note = `Permission: \`${permission}\` (${rolesHolding(permission)}).`;
      schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
    }
  });
  return () => declared;
}
