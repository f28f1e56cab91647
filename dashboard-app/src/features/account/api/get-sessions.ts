import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const sessionsKey = ['account', 'sessions'] as const;

/** The account's signed-in devices, most recently used first. */
export const fetchSessions = () => api.get<SessionsView>('/api/auth/sessions');

export const sessionsQuery = () => queryOptions({ queryKey: sessionsKey, queryFn: fetchSessions });

export const useSessions = () => useQuery(sessionsQuery());
