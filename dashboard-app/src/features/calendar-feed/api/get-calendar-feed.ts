import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const calendarFeedKey = ['calendar-feed'] as const;

/** The address of the creator's private calendar feed (made on the first ask). */
export const fetchCalendarFeed = () => api.get<CalendarFeedView>('/api/users/calendar-feed');

export const calendarFeedQuery = () => queryOptions({ queryKey: calendarFeedKey, queryFn: fetchCalendarFeed });

export const useCalendarFeed = () => useQuery(calendarFeedQuery());
