import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectPlatform } from '../../lib/platform.ts';
import { useSiteStatus } from '../../status/site-status.ts';
import { downloadLinks } from '../../shell/download.ts';
import { Icon } from '../../shell/Icon.tsx';
import { INSTALL_PROMPT_KEY, type InstallPromptEvent } from './install-prompt.ts';
import './help.css';

/** The browser's install offer, whenever it comes (before this screen opened or while it is open). */
function useInstallPrompt() {
  const [offer, setOffer] = useState<InstallPromptEvent | undefined>(() => window[INSTALL_PROMPT_KEY]);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const onOffer = (event: Event) => {
      window[INSTALL_PROMPT_KEY] = event as InstallPromptEvent;
      setOffer(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      window[INSTALL_PROMPT_KEY] = undefined;
      setOffer(undefined);
      setInstalled(true);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // An offer can be used once; the browser makes a new one if the player declined.
    window[INSTALL_PROMPT_KEY] = undefined;
    setOffer(undefined);
    if (outcome === 'accepted') setInstalled(true);
  };
  return { offer, installed, install };
}

/**
 * /m/download (spec §2 "App download", §4, §8): the operator's Android and iOS apps and iOS profile,
 * installing the site as a web app where the browser offers it, and the add-to-home-screen guide.
 * iOS installs only from Safari: elsewhere the player is told so (spec §8).
 */
export default function DownloadPage() {
  const { t } = useTranslation('help');
  const status = useSiteStatus();
  const platform = useMemo(() => detectPlatform(), []);
  const { offer, installed, install } = useInstallPrompt();
  if (!status) return <div className="page-loader" aria-hidden="true" />;
  const links = downloadLinks(status.info.resources);
  const site = status.info.siteName;
  const needsSafari = platform.ios && !platform.safari;
  const iosLink = (event: React.MouseEvent) => {
    if (!needsSafari) return;
    event.preventDefault();
    window.alert(t('download.safariOnly'));
  };
  const inApp = platform.nativeApp || platform.standalone;
  const hasApps = Boolean(links.android || links.ios || links.profile);

  return (
    <section className="help-page download-page">
      <header className="download-hero">
        {links.icon ? (
          <img src={links.icon.url} alt="" width={72} height={72} />
        ) : (
          <span className="download-app-icon" aria-hidden="true">
            <Icon name="download" size={36} />
          </span>
        )}
        <h1>{t('download.title', { site })}</h1>
        <p>{t('download.intro', { site })}</p>
      </header>

      {inApp ? (
        <p className="download-card" role="status">
          {t('download.inApp')}
        </p>
      ) : (
        <>
          <div className="download-card">
            <h2>{t('download.apps')}</h2>
            {hasApps ? (
              <>
                {links.android && (
                  <a className="btn btn-primary btn-block" href={links.android.url} download>
                    <Icon name="android" /> {t('download.android')}
                  </a>
                )}
                {links.ios && (
                  <a className="btn btn-primary btn-block" href={links.ios.url} onClick={iosLink}>
                    <Icon name="apple" /> {t('download.ios')}
                  </a>
                )}
                {links.profile && (
                  <a className="btn btn-ghost btn-block" href={links.profile.url} onClick={iosLink}>
                    <Icon name="apple" /> {t('download.iosProfile')}
                  </a>
                )}
                {(links.ios || links.profile) && <p className="download-note">{t('download.recommended')}</p>}
              </>
            ) : (
              <p>{t('download.none')}</p>
            )}
          </div>

          <div className="download-card">
            <h2>{t('download.pwa')}</h2>
            <p>{t('download.pwaText', { site })}</p>
            {installed ? (
              <p role="status">{t('download.installed')}</p>
            ) : offer ? (
              <button type="button" className="btn btn-primary btn-block" onClick={() => void install()}>
                <Icon name="download" /> {t('download.install')}
              </button>
            ) : null}
          </div>

          <div className="download-card">
            <h2>{t('download.guideTitle')}</h2>
            {platform.ios || !platform.android ? (
              <>
                <p className="download-note">{t('download.iosGuide')}</p>
                <ol className="download-steps">
                  <li>{t('download.iosStep1')}</li>
                  <li>{t('download.iosStep2')}</li>
                  <li>{t('download.iosStep3')}</li>
                </ol>
              </>
            ) : null}
            {platform.android || !platform.ios ? (
              <>
                <p className="download-note">{t('download.androidGuide')}</p>
                <ol className="download-steps">
                  <li>{t('download.androidStep1')}</li>
                  <li>{t('download.androidStep2')}</li>
                  <li>{t('download.androidStep3')}</li>
                </ol>
              </>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
