import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const bookingsKey = ['bookings'] as const;

/** GET /api/bookings: the creator's bookings, newest first. */
export const bookingsQuery = () =>
  queryOptions({ queryKey: bookingsKey, queryFn: () => api.get<BookingView[]>('/api/bookings') });

export const useBookings = () => useQuery(bookingsQuery());
