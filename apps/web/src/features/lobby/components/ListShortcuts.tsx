import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../shell/Icon.tsx';
import { favouritesRouteOf, searchRouteOf } from '../list-screens.ts';

/**
 * The vendor list screen's search box and 'my collection' button: each opens its own screen (the
 * search route and the favourites route) for the list's game type.
 */
export function ListShortcuts({ gameType }: { gameType: string }) {
  const { t } = useTranslation('lobby');
  return (
    <div className="list-shortcuts">
      <Link to={searchRouteOf(gameType)} className="search-box search-entry" aria-label={t('search.label')}>
        <Icon name="search" size={18} />
        <span>{t('search.placeholder')}</span>
      </Link>
      <Link to={favouritesRouteOf(gameType)} className="collection-btn">
        <Icon name="heart" size={16} />
        {t('sections.favourites')}
      </Link>
    </div>
  );
}
