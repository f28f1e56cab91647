import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { calendarFeedKey } from './get-calendar-feed';

/** A new address for the feed: the old one stops working at once. */
export const replaceCalendarFeed = () => api.post<CalendarFeedView>('/api/users/calendar-feed/replace');

export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceCalendarFeed,
    onSuccess: (view) => queryClient.setQueryData(calendarFeedKey, view),
  });
}
