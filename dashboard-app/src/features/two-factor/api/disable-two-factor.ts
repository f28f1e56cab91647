import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { twoFactorStatusKey } from './get-two-factor-status';

export type DisableTwoFactorValues = { password: string } & ({ code: string } | { recoveryCode: string });

/** Turns two-factor sign-in off: the password and either the current code or a recovery code. */
export const disableTwoFactor = (values: DisableTwoFactorValues) =>
  api.post<MessageView>('/api/auth/2fa/disable', values);

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
