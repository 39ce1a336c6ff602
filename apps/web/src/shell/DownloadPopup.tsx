import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detectPlatform } from '../lib/platform.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { downloadLinks } from './download.ts';
import { Icon } from './Icon.tsx';
import { Modal } from './Modal.tsx';
import { useShell } from './shell-state.tsx';

/**
 * Download popup: the operator's Android, iOS profile and iOS app links, the installable web app
 * (the download page) and the home-screen guide.
 */
export default function DownloadPopup() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { close } = useShell();
  const platform = useMemo(() => detectPlatform(), []);
  if (!status) return null;
  const links = downloadLinks(status.info.resources);
  const needsSafari = platform.ios && !platform.safari;
  // iOS installs only from Safari; elsewhere the player is told to open the page there.
  const iosLink = (event: React.MouseEvent) => {
    if (!needsSafari) return;
    event.preventDefault();
    window.alert(t('download.openInSafari'));
  };
  return (
    <Modal title={t('download.title')} onClose={close}>
      <div className="download-links">
        {links.android && (
          <a className="btn btn-primary btn-block" href={links.android.url}>
            <Icon name="android" /> {t('download.android')}
          </a>
        )}
        {links.profile && (
          <a className="btn btn-ghost btn-block" href={links.profile.url} onClick={iosLink}>
            <Icon name="apple" /> {t('download.iosProfile')}
          </a>
        )}
        {links.ios && (
          <a className="btn btn-ghost btn-block" href={links.ios.url} onClick={iosLink}>
            <Icon name="apple" /> {t('download.ios')}
          </a>
        )}
        <Link
          className={`btn btn-block ${links.android || links.ios || links.profile ? 'btn-ghost' : 'btn-primary'}`}
          to="/m/download"
          onClick={close}
        >
          <Icon name="download" /> {t('download.webApp')}
        </Link>
      </div>
      <p className="modal-text">{t('download.homeScreenGuide')}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('actions.close')}
        </button>
      </div>
    </Modal>
  );
}
