import { useEffect, useState } from 'react';
import { uploadObjectUrl } from '../../lib/uploads.ts';
import './upload.css';

/** A thumbnail of one of the member's own uploads, linked to the full image. */
export function UploadedImage({ uploadId, alt }: { uploadId: string; alt: string }) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | undefined;
    uploadObjectUrl(uploadId, controller.signal).then(
      (u) => {
        made = u;
        setUrl(u);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [uploadId]);
  if (failed) return <span className="up-thumb up-thumb-broken" role="img" aria-label={alt} />;
  if (!url) return <span className="up-thumb up-thumb-loading" aria-hidden="true" />;
  return (
    <a className="up-thumb" href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} width={72} height={72} />
    </a>
  );
}
