import i18n from 'i18next';
import { useEffect, useState } from 'react';
import { getToken } from '../api.ts';

/**
 * A member's upload (receipt, identity document) as staff see it: fetched with the staff token, which
 * an <img src> cannot send, and shown from a blob. Opens full size in a new tab.
 */
export function StaffImage({
  uploadId,
  alt,
  path = `/bo/api/uploads/${encodeURIComponent(uploadId)}`,
}: {
  uploadId: string;
  alt: string;
  /** Where staff read it (a chat image through its conversation); the uploads route by default. */
  path?: string;
}) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | undefined;
    const token = getToken();
    fetch(path, {
      headers: { Language: i18n.language || 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        made = URL.createObjectURL(await res.blob());
        setUrl(made);
      })
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  if (failed) return <span className="thumb thumb-broken" role="img" aria-label={alt} />;
  if (!url) return <span className="thumb" aria-hidden="true" />;
  return (
    <a className="thumb" href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} />
    </a>
  );
}
