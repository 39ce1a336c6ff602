import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectPlatform, needsLegacyIosTip } from '../lib/platform.ts';
import { STORAGE, readString, writeString } from '../lib/storage.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { downloadLinks } from './download.ts';
import { Icon } from './Icon.tsx';

/** Add-to-home-screen tip for iOS Safari, with the legacy wording for old iOS versions. */
export function IosTip() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const platform = useMemo(() => detectPlatform(), []);
  const [seen, setSeen] = useState(() => readString(STORAGE.iosTipSeen) === '1');
  if (!platform.ios || platform.standalone || platform.nativeApp || seen) return null;
  const profile = status ? downloadLinks(status.info.resources).profile : undefined;
  const legacy = needsLegacyIosTip(platform.iosVersion);
  return (
    <div className="ios-tip" role="note">
      <Icon name="share" />
      <div>
        <p>{legacy ? t('iosTip.legacy') : t('iosTip.text')}</p>
        <p className="muted">{t('iosTip.recommended')}</p>
        {profile && (
          <a className="btn btn-primary btn-sm" href={profile.url}>
            {t('iosTip.profile')}
          </a>
        )}
      </div>
      <button
        type="button"
        className="icon-btn icon-btn-sm"
        aria-label={t('actions.close')}
        onClick={() => {
          writeString(STORAGE.iosTipSeen, '1');
          setSeen(true);
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
