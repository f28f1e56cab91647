import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettingsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const remindersKey = ['reminders'] as const;

/** GET /api/users/reminders: the four reminder switches (all on until saved). */
export const remindersQuery = () =>
  queryOptions({ queryKey: remindersKey, queryFn: () => api.get<ReminderSettingsView>('/api/users/reminders') });

export const useReminders = () => useQuery(remindersQuery());

/** PUT /api/users/reminders: all four switches; the answer becomes the cached one. */
export function useSaveReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettingsView) => api.put<ReminderSettingsView>('/api/users/reminders', settings),
    onSuccess: (saved) => client.setQueryData(remindersKey, saved),
  });
}
