import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { boFetch } from '../api.ts';

/**
 * A settings document of the console, loaded from `url`, edited as a draft and saved back with PUT.
 * `current` is the draft while one is being edited, otherwise the saved value; a save caches what the
 * server answered and drops the draft, so the form shows the settings as stored.
 */
export function useSettingsDraft<T>(queryKey: string, url: string) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: [queryKey], queryFn: () => boFetch<T>(url) });
  const [draft, setDraft] = useState<T>();
  const save = useMutation({
    mutationFn: (body: T) => boFetch<T>(url, { method: 'PUT', body }),
    onSuccess: (value) => {
      queryClient.setQueryData([queryKey], value);
      setDraft(undefined);
    },
  });
  return { settings, draft, current: draft ?? settings.data, setDraft, save };
}
