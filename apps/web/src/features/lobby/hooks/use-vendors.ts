import type { Vendor } from '@playhouse/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useContentLanguage } from '../../../i18n/use-content-language.ts';
import { fetchVendorGameTypes, vendorGameTypesKey } from '../../../lib/categories.ts';

/**
 * Every category with its vendors, in server order (GCSGAME_getVassGameType). Keyed on the content
 * language, so a language change reloads it after the 250 ms pause.
 */
export function useVendorCategories() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: vendorGameTypesKey(language),
    queryFn: () => fetchVendorGameTypes(language),
    staleTime: 60_000,
    retry: false,
  });
}

/** Vendors of one category (all categories for ALL), de-duplicated by code. */
export function vendorsOf(
  categories: { gameCategory: string; vendors: Vendor[] }[] | undefined,
  gameType: string,
): Vendor[] {
  const seen = new Set<string>();
  const vendors: Vendor[] = [];
  for (const category of categories ?? []) {
    if (gameType !== 'ALL' && gameType !== '' && category.gameCategory !== gameType) continue;
    for (const vendor of category.vendors) {
      if (seen.has(vendor.vassalage)) continue;
      seen.add(vendor.vassalage);
      vendors.push(vendor);
    }
  }
  return vendors;
}
