import i18n from 'i18next';
import { ApiError, currentSession } from '../../../lib/api.ts';
import type { DayRange } from '../periods.ts';
import { statementPath } from './use-statement.ts';

/**
 * Downloads a period's statement as CSV. The file needs the member's bearer token, which a plain link
 * cannot carry, so it is fetched and handed to the browser as a blob; an error answer is the usual
 * JSON envelope and becomes an ApiError with the server's message.
 */
export async function downloadStatement(range: DayRange, timeZone: string): Promise<string> {
  const token = currentSession()?.token;
  let res: Response;
  try {
    res = await fetch(statementPath(range, timeZone, '/wps/transaction/statement.csv'), {
      headers: {
        accept: 'text/csv, application/json',
        Language: i18n.language || 'EN',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('web:toast.offline'));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { code?: string; message?: string } | undefined;
    throw new ApiError(
      res.status,
      body?.code ?? 'INTERNAL',
      body?.message ?? i18n.t('common:errors.INTERNAL'),
    );
  }
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `statement-${range.startDate}-${range.endDate}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
