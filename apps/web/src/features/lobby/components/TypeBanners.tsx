import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { isTypeBanner } from '../list-screens.ts';
import { BannerCarousel } from './BannerCarousel.tsx';

/** The banners of a game type's screens (group m_{type}_{language}); nothing when it has none. */
export function TypeBanners({ gameType }: { gameType: string }) {
  const language = useContentLanguage();
  const content = useAnnouncements();
  const banners = (content.data?.banners ?? []).filter((b) => isTypeBanner(b.groupName, gameType, language));
  if (banners.length === 0) return null;
  return <BannerCarousel banners={banners} />;
}
