import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../lib/bearer.ts';

/** The signed-in staff member of this operator, or NOT_LOGGED_IN / FORBIDDEN. */
export async function requireStaff(request: FastifyRequest) {
  const staff = await request.server.services.staff.authenticate(bearerToken(request));
  if (staff.operatorId !== request.operator.id) throw new AppError('FORBIDDEN');
  return staff;
}

/** The signed-in staff member as the audit trail records them: who, and from which address. */
export async function staffActor(request: FastifyRequest) {
  const staff = await requireStaff(request);
  return { id: staff.id, username: staff.username, ip: request.ip };
}
