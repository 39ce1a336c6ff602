import i18n from 'i18next';
import type { UploadItem, UploadPurpose } from '@playhouse/contract/payments';
import { ApiError, currentSession } from './api.ts';

function authHeaders(): Record<string, string> {
  const token = currentSession()?.token;
  return { Language: i18n.language || 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function failure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => undefined)) as
    { code?: string; message?: string; fields?: Record<string, string[]> } | undefined;
  return new ApiError(
    res.status,
    body?.code ?? 'INTERNAL',
    body?.message ?? i18n.t('common:errors.INTERNAL'),
    body?.fields,
  );
}

/**
 * Uploads one to three images and answers their ids, which a deposit or an identity submission then
 * names. Each image is its own `POST /wps/uploads` whose body is the file itself (the server judges
 * the type by content); one after another, so a refused file stops the rest.
 */
export async function uploadImages(files: readonly File[], purpose: UploadPurpose): Promise<UploadItem[]> {
  const out: UploadItem[] = [];
  for (const file of files) {
    let res: Response;
    try {
      res = await fetch(`/wps/uploads?purpose=${purpose}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type':
            file.type === 'image/png' || file.type === 'image/jpeg' ? file.type : 'application/octet-stream',
          ...authHeaders(),
        },
        body: file,
      });
    } catch {
      throw new ApiError(0, 'NETWORK', i18n.t('web:toast.offline'));
    }
    if (!res.ok) throw await failure(res);
    const body = (await res.json()) as { success: boolean; value: { uploads: UploadItem[] } };
    out.push(...body.value.uploads);
  }
  return out;
}

/**
 * An uploaded image as an object URL. Only its owner may read it and the token travels in a header,
 * which an <img src> cannot send, so the image is fetched and handed to the page as a blob.
 */
export async function uploadObjectUrl(uploadId: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(`/wps/uploads/${encodeURIComponent(uploadId)}`, {
    headers: authHeaders(),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw await failure(res);
  return URL.createObjectURL(await res.blob());
}
