import type { FastifyRequest } from 'fastify';
import { moneyDeskCan, type MoneyPermission } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { requireStaff } from '../games/require-staff.ts';

/**
 * The signed-in staff member of this operator, if their role may take `permission` at the money desk
 * (decision 018: owner and admin everything, finance decides and reads the summary, support reads the
 * queues); otherwise ROLE_FORBIDDEN (403) naming the role and the action.
 */
export async function requireMoneyStaff(request: FastifyRequest, permission: MoneyPermission) {
  const staff = await requireStaff(request);
  if (!moneyDeskCan(staff.role, permission))
    throw new AppError('ROLE_FORBIDDEN', {
      params: { role: staff.role, action: permission },
      extra: { role: staff.role, permission },
    });
  return staff;
}
