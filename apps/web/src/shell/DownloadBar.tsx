import { useState, type CSSProperties } from 'react';
import { readableOn } from '@playhouse/contract/contrast';
import { useTranslation } from 'react-i18next';
import { STORAGE, readString, writeString } from '../lib/storage.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { usePlatform } from '../lib/use-platform.ts';
import { useSession } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { downloadLinks, showDownloadBar } from './download.ts';
import { Icon } from './Icon.tsx';
import { useShell } from './shell-state.tsx';

/**
 * The operator's description colour for each theme, set only where it is readable (WCAG AA) on
 * that theme's surface; elsewhere the theme's own text colour applies (app.css, .download-text).
 */
function operatorColour(colour: string | undefined): CSSProperties | undefined {
  if (!colour) return undefined;
  const style: Record<string, string> = {};
  if (readableOn(colour, 'dark')) style['--operator-text-dark'] = colour;
  if (readableOn(colour, 'light')) style['--operator-text-light'] = colour;
  return style as CSSProperties;
}

/**
 * The app-download bar at the top of home: icon, description, gift, close. The spec's fixed 5.0
 * rating is left out: no store has rated the app (decision 041).
 */
export function DownloadBar() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const session = useSession();
  const { open } = useShell();
  const platform = usePlatform();
  // Stored choices are the browser's alone: a page the server rendered is hydrated without them (the
  // page's boot script hides a dismissed bar meanwhile), and they apply straight after.
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const dismissed = closed || (hydrated && readString(STORAGE.hideDownloadBar) === '1');
  const visible = showDownloadBar({
    status,
    platform,
    dismissed,
    webClip: hydrated && readString(STORAGE.webClip) === '1',
    signedIn: Boolean(session),
  });
  if (!visible || !status) return null;
  const icon = downloadLinks(status.info.resources).icon?.url ?? '/m/icon.svg';
  const template = status.info.mobileTemplate;
  return (
    <div
      className="download-bar"
      style={template.app_background ? { background: template.app_background } : undefined}
    >
      <button
        type="button"
        className="icon-btn icon-btn-sm"
        aria-label={t('actions.close')}
        onClick={() => {
          writeString(STORAGE.hideDownloadBar, '1');
          setClosed(true);
        }}
      >
        <Icon name="close" size={16} />
      </button>
      <img src={icon} alt="" width="36" height="36" className="download-icon" />
      <div className="download-text" style={operatorColour(template.app_desc_font_color)}>
        <strong dir="auto">
          {template.app_desc || t('download.description', { site: status.info.siteName })}
        </strong>
      </div>
      {status.info.downloadBar.gift && <Icon name="gift" className="gift" />}
      <button type="button" className="btn btn-primary btn-sm" onClick={() => open('download')}>
        {t('download.action')}
      </button>
    </div>
  );
}
