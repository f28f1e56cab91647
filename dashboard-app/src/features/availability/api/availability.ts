import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityRequest, AvailabilityView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const availabilityKey = ['availability'] as const;

/** GET /api/users/availability: when visitors may book (UTC, 60 minutes, no weekly hours until saved). */
export const availabilityQuery = () =>
  queryOptions({ queryKey: availabilityKey, queryFn: () => api.get<AvailabilityView>('/api/users/availability') });

export const useAvailability = () => useQuery(availabilityQuery());

/** PUT /api/users/availability: replaces the whole availability; the answer becomes the cached one. */
export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: AvailabilityRequest) => api.put<AvailabilityView>('/api/users/availability', availability),
    onSuccess: (saved) => client.setQueryData(availabilityKey, saved),
  });
}
