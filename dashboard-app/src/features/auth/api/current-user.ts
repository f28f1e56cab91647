import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionProbeView, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const currentUserKey = ['auth', 'me'] as const;

/**
 * The signed-in creator, or null: any failure or non-OK answer means signed out (spec §4). Asked of
 * GET /api/auth/session, which answers a visitor 200 `{ user: null }` where /api/auth/me answers 401, so a
 * signed-out page logs no failed request.
 */
export async function fetchCurrentUser(): Promise<UserView | null> {
  try {
    return (await api.get<SessionProbeView>('/api/auth/session'))?.user ?? null;
  } catch {
    return null;
  }
}

export const currentUserQuery = () => queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser });

export const useCurrentUser = () => useQuery(currentUserQuery());
