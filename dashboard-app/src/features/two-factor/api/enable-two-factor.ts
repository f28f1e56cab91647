import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { twoFactorStatusKey } from './get-two-factor-status';

/** Turns two-factor sign-in on with the current code; answers the recovery codes, shown this once. */
export const enableTwoFactor = (code: string) => api.post<RecoveryCodesView>('/api/auth/2fa/enable', { code });

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
