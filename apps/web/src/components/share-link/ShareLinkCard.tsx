import { showToast } from '../../shell/toast.tsx';
import { Icon } from '../../shell/Icon.tsx';
import './share-link.css';

/** The words of a share card, in the namespace of the page that shows it. */
export interface ShareLinkTexts {
  qrAlt: string;
  qrHint: string;
  link: string;
  code: string;
  copy: string;
  copied: string;
  copyFailed: string;
  share: string;
  /** What the share sheet sends beside the link. */
  shareTitle: string;
  shareText: string;
}

/**
 * A link to bring somebody in (a player's referral link, an agent's registration link): its QR code,
 * the link and the code to copy, and the phone's share sheet where the browser has one. The caller
 * draws the card around it.
 */
export function ShareLink({
  id,
  qr,
  link,
  code,
  texts,
  qrSize = 184,
}: {
  /** The link field's id, unique on the page. */
  id: string;
  qr: string;
  link: string;
  code: string;
  texts: ShareLinkTexts;
  qrSize?: number;
}) {
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(texts.copied, { kind: 'success' });
    } catch {
      showToast(texts.copyFailed, { kind: 'error' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: texts.shareTitle, text: texts.shareText, url: link });
    } catch {
      // The share sheet was closed: nothing to do.
    }
  };
  return (
    <>
      <img className="share-qr" src={qr} alt={texts.qrAlt} width={qrSize} height={qrSize} />
      <p className="share-hint">{texts.qrHint}</p>
      <label className="share-label" htmlFor={id}>
        {texts.link}
      </label>
      <div className="share-copy">
        <input id={id} readOnly value={link} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy(link)}>
          {texts.copy}
        </button>
      </div>
      <div className="share-code-row">
        <span className="share-label">{texts.code}</span>
        <strong className="share-code" dir="ltr">
          {code}
        </strong>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy(code)}>
          {texts.copy}
        </button>
      </div>
      {typeof navigator.share === 'function' && (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => void share()}>
          <Icon name="share" /> {texts.share}
        </button>
      )}
    </>
  );
}
