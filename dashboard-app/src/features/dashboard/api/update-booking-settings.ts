import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface BookingSettings {
  enableBooking: boolean;
  /** A dollar string such as "25" or "25.50"; left out to keep the stored price. */
  bookingPrice?: string;
}

export const updateBookingSettings = (settings: BookingSettings) =>
  api.put<{ user: UserView }>('/api/users/booking-settings', settings);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateBookingSettings = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateBookingSettings, onSuccess: ({ user }) => onUser(user) });
