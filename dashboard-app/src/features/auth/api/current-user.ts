import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const currentUserKey = ['auth', 'me'] as const;

/** The signed-in creator, or null: any failure or non-OK answer means signed out (spec §4). */
export async function fetchCurrentUser(): Promise<UserView | null> {
  try {
    return await api.get<UserView>('/api/auth/me');
  } catch {
    return null;
  }
}

export const currentUserQuery = () => queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser });

export const useCurrentUser = () => useQuery(currentUserQuery());
