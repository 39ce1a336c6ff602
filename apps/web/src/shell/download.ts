import type { SystemStatus } from '@playhouse/contract/system';
import type { Platform } from '../lib/platform.ts';

type Link = SystemStatus['info']['resources'][number];

export interface DownloadLinks {
  android?: Link;
  ios?: Link;
  profile?: Link;
  icon?: Link;
}

export function downloadLinks(resources: readonly Link[]): DownloadLinks {
  const find = (type: Link['resourceType']) => resources.find((r) => r.resourceType === type);
  const links: DownloadLinks = {};
  const android = find('Android') ?? find('APPDOWNLOAD2');
  const ios = find('IOS');
  const profile = find('MOBILECONFIG');
  const icon = find('AppDownloadIcon');
  if (android) links.android = android;
  if (ios) links.ios = ios;
  if (profile) links.profile = profile;
  if (icon) links.icon = icon;
  return links;
}

/**
 * Whether the app-download bar shows (spec §4): not dismissed, not inside the native app or an
 * installed web app, a link that fits this device, not in iOS web-clip mode without an iOS link,
 * and only for members when the operator requires login.
 */
export function showDownloadBar(input: {
  status: SystemStatus | undefined;
  platform: Platform;
  dismissed: boolean;
  webClip: boolean;
  signedIn: boolean;
}): boolean {
  const { status, platform } = input;
  if (!status?.info.downloadBar.enabled || input.dismissed) return false;
  if (platform.nativeApp || platform.standalone) return false;
  if (status.info.downloadBar.loginRequired && !input.signedIn) return false;
  const links = downloadLinks(status.info.resources);
  if (platform.ios && input.webClip && !links.ios) return false;
  if (platform.ios) return Boolean(links.ios || links.profile);
  if (platform.android) return Boolean(links.android);
  return Boolean(links.android || links.ios || links.profile);
}
