import type { Statement } from '@playhouse/contract/transactions';
import { withQuery } from '../../../lib/query-string.ts';
import { useMemberQuery } from '../../../session/session.ts';
import type { DayRange } from '../periods.ts';

const statementPath = (range: DayRange, timeZone: string, path = '/wps/transaction/statement') =>
  withQuery(path, { startDate: range.startDate, endDate: range.endDate, timeZone });

/** A period's statement: opening and closing balance and the figures between (/wps/transaction/statement). */
export function useStatement(range: DayRange, timeZone: string) {
  return useMemberQuery<Statement>(
    ['statement', range.startDate, range.endDate, timeZone],
    statementPath(range, timeZone),
  );
}

export { statementPath };
