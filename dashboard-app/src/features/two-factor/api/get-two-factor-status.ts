import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatusView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const twoFactorStatusKey = ['account', 'two-factor'] as const;

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export const fetchTwoFactorStatus = () => api.get<TwoFactorStatusView>('/api/auth/2fa');

export const twoFactorStatusQuery = () => queryOptions({ queryKey: twoFactorStatusKey, queryFn: fetchTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());
