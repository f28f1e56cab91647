import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { currentUserKey } from './current-user';

export interface ConfirmPasswordResetValues {
  token: string;
  password: string;
  confirmPassword: string;
}

export const confirmPasswordReset = (values: ConfirmPasswordResetValues) =>
  api.post<MessageView>('/api/auth/password-reset/confirm', values);

/** Sets the new password; whoever was signed in on this browser is asked again (the server may end sessions). */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
