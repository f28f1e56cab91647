import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarConnectionRequest, CalendarConnectionView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const calendarConnectionKey = ['calendar-connection'] as const;

/** GET /api/users/calendar-connection: the connected calendar and how its last read went, or null. */
export const calendarConnectionQuery = () =>
  queryOptions({
    queryKey: calendarConnectionKey,
    queryFn: () => api.get<CalendarConnectionView | null>('/api/users/calendar-connection'),
  });

export const useCalendarConnection = () => useQuery(calendarConnectionQuery());

/** PUT /api/users/calendar-connection: connects (read once by the server); the answer becomes the cached one. */
export function useConnectCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CalendarConnectionRequest) => api.put<CalendarConnectionView>('/api/users/calendar-connection', request),
    onSuccess: (connected) => client.setQueryData(calendarConnectionKey, connected),
  });
}

/** DELETE /api/users/calendar-connection. */
export function useDisconnectCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/api/users/calendar-connection'),
    onSuccess: () => client.setQueryData(calendarConnectionKey, null),
  });
}
