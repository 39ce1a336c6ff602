import type { Popup } from '@playhouse/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { useSession } from '../../../session/session.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { Modal } from '../../../shell/Modal.tsx';
import { GUEST, markPopupsSeen, shouldShowPopups, type SeenPopups } from '../popups-seen.ts';

const SEEN_KEY = 'lobbyPopupsSeen';

/**
 * Popup announcements in a swiper with previous and next: once per member (and once for a guest on
 * this device), and once more when the operator adds or edits one; never at every sign-in.
 */
export function LoginPopups({ popups }: { popups: readonly Popup[] }) {
  const { t } = useTranslation('lobby');
  const who = useSession()?.userName ?? GUEST;
  const [closedBy, setClosedBy] = useState<string>();
  const [index, setIndex] = useState(0);
  const seen = readJson<SeenPopups>(SEEN_KEY) ?? {};
  if (closedBy === who || !shouldShowPopups(seen, who, popups)) return null;
  const popup = popups[Math.min(index, popups.length - 1)]!;
  const close = () => {
    writeJson(SEEN_KEY, markPopupsSeen(readJson<SeenPopups>(SEEN_KEY) ?? {}, who, popups));
    setClosedBy(who);
  };
  return (
    <Modal title={popup.title} onClose={close} className="login-popup">
      {popup.imageUrl && (
        <img
          className="popup-image"
          src={popup.imageUrl}
          alt=""
          width={popup.width || undefined}
          height={popup.height || undefined}
          // The spec sizes popups in rem of a 750 px-wide design (value / 100 rem, 7.5 rem across the
          // screen); in CSS pixels that is the same share of the viewport width.
          style={popup.width ? { maxWidth: `min(100%, ${popup.width / 7.5}vw)` } : undefined}
        />
      )}
      {/* The server sanitises announcement HTML on write. */}
      <div className="popup-content" dangerouslySetInnerHTML={{ __html: popup.content }} />
      <div className="popup-nav">
        {popups.length > 1 && (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('popups.previous')}
            disabled={index === 0}
            onClick={() => setIndex(index - 1)}
          >
            <Icon name="back" className="flip-rtl" />
          </button>
        )}
        {popups.length > 1 && (
          <span className="popup-count">{t('popups.count', { n: index + 1, total: popups.length })}</span>
        )}
        {popups.length > 1 && (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('popups.next')}
            disabled={index >= popups.length - 1}
            onClick={() => setIndex(index + 1)}
          >
            <Icon name="chevron" className="flip-rtl" />
          </button>
        )}
        <button type="button" className="btn btn-primary btn-sm popup-close" onClick={close}>
          {t('popups.close')}
        </button>
      </div>
    </Modal>
  );
}
