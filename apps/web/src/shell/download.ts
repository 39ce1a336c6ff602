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
 * installed web app, not in iOS web-clip mode without an iOS link, and only for members when the
 * operator requires login. Every device can install the site itself as a web app, so the bar does
 * not wait for a native app that fits the device (decision 041).
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
  // Added to the home screen from Safari already: only a native iOS app would be news.
  if (platform.ios && input.webClip) return Boolean(downloadLinks(status.info.resources).ios);
  return true;
}
