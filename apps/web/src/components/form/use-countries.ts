import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api.ts';

export interface Country {
  code: string;
  name: string;
  dialingCode: string;
}

/** Countries with dialing codes, named in the current language. */
export function useCountries() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['countries', i18n.language],
    queryFn: () => apiFetch<Country[]>('/wps/system/country'),
    staleTime: 3600_000,
  });
}
