import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canonicalTimeZone, type ManagedBookingView, type SlotsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { viewerLocale } from '@/lib/viewer-locale';

const managedBookingKey = (token: string) => ['managed-booking', token] as const;
const path = (token: string) => `/api/booking-manage/${encodeURIComponent(token)}`;

/** GET /api/booking-manage/{token}: the visitor's paid session, through the private link in their receipt. */
export const managedBookingQuery = (token: string) =>
  queryOptions({ queryKey: managedBookingKey(token), queryFn: () => api.get<ManagedBookingView>(path(token)), retry: false });

export const useManagedBooking = (token: string) => useQuery(managedBookingQuery(token));

/** POST …/cancel and …/reschedule answer the booking as it is now: it becomes the cached one. */
function useManageAction<T>(token: string, send: (input: T) => Promise<ManagedBookingView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (booking) => client.setQueryData(managedBookingKey(token), booking),
  });
}

export const useCancelManagedBooking = (token: string) =>
  useManageAction<void>(token, () => api.post<ManagedBookingView>(`${path(token)}/cancel`));

export const useRescheduleManagedBooking = (token: string) =>
  useManageAction<string>(token, (slotStart) =>
    // The visitor's zone and locale now: the e-mails about the move tell the time in them.
    api.post<ManagedBookingView>(`${path(token)}/reschedule`, { slotStart, timeZone: browserZone(), locale: viewerLocale() }),
  );

/** The browser's zone when the runtime knows it by that name, else none (the stored one is kept). */
const browserZone = (): string | undefined => canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? undefined;

/** GET /api/users/{username}/slots: the creator's open sessions of the 7 dates from `from` (their zone). */
export const useOpenSlots = (username: string, from: string) =>
  useQuery({
    queryKey: ['open-slots', username, from],
    queryFn: () => api.get<SlotsView>(`/api/users/${encodeURIComponent(username)}/slots?from=${from}&days=7`),
  });
