import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetupView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** A new secret to scan; nothing changes on the account until it is confirmed with a code. */
export const setUpTwoFactor = () => api.post<TwoFactorSetupView>('/api/auth/2fa/setup');

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });
