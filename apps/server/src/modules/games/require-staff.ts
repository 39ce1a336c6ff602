import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { RequestStaff } from '../../plugins/staff-permissions.ts';

/**
 * The staff member of a back-office route, as its declared permission's check found them
 * (plugins/staff-permissions.ts). A route that declared `public` has none: NOT_LOGGED_IN.
 */
export function requireStaff(request: FastifyRequest): RequestStaff {
  if (!request.staff) throw new AppError('NOT_LOGGED_IN');
  return request.staff;
}

/** The signed-in staff member as the audit trail records them: who, and from which address. */
export function staffActor(request: FastifyRequest) {
  const staff = requireStaff(request);
  return { id: staff.id, username: staff.username, ip: request.ip };
}
