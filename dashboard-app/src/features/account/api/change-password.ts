import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

export type ChangePasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export const changePassword = (values: ChangePasswordValues) => api.post<MessageView>('/api/auth/password', values);

/** Changes the password; the server ends every other session, so the devices list is fetched again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
