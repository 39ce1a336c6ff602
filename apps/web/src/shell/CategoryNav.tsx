import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CATEGORY_ROUTES, useGameCategories } from '../lib/categories.ts';

/** The header's navigation: Home plus the categories in the server's order, without SPORTS. */
export function CategoryNav() {
  const { t } = useTranslation();
  const categories = useGameCategories().filter((c) => c !== 'SPORTS');
  return (
    <nav className="category-nav" aria-label={t('header.categories')}>
      <NavLink to="/m/home" end>
        {t('titles.home')}
      </NavLink>
      {categories.map((type) => (
        <NavLink key={type} to={CATEGORY_ROUTES[type] ?? '/m/home'}>
          {t(`categories.${type}`)}
        </NavLink>
      ))}
    </nav>
  );
}
