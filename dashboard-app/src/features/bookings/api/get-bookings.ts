import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView, BookingsPage } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const bookingsKey = ['bookings'] as const;

/** GET /api/bookings: the creator's paid bookings, newest first, 50 a page; the next page by its cursor. */
export const bookingsQuery = () =>
  infiniteQueryOptions({
    queryKey: bookingsKey,
    queryFn: ({ pageParam }) =>
      api.get<BookingsPage>(pageParam ? `/api/bookings?cursor=${encodeURIComponent(pageParam)}` : '/api/bookings'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBookings = () => useInfiniteQuery(bookingsQuery());

/** POST /api/bookings/{id}/cancel: the visitor is refunded in full; the list is read again. */
export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ booking: BookingView }>(`/api/bookings/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingsKey }),
  });
}
