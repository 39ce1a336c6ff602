import type { FastifyRequest } from 'fastify';
import type { AuthenticatedMember } from '../modules/members/member-auth.service.ts';
import { bearerToken } from './bearer.ts';

/** The signed-in member of a request, or NOT_LOGGED_IN / SESSION_EXPIRED. */
export function requireMember(request: FastifyRequest): Promise<AuthenticatedMember> {
  return request.server.services.memberAuth.authenticate(bearerToken(request), request.operator.id);
}
