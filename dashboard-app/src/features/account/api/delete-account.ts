import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest, MessageView } from '@linkbio/shared-contracts';
import { api, ApiError } from '@/lib/api-client';
import { deletionPreviewKey } from './get-deletion-preview';

export type DeleteAccountValues = Pick<DeleteAccountRequest, 'password' | 'acknowledgeUnpaidEarnings'>;

/** Deletes the account for good (the caller clears every cached answer afterwards). */
export const deleteAccount = (values: DeleteAccountValues) => api.delete<MessageView>('/api/users/me', values);

/** A 409 means the earnings changed meanwhile: the preview is fetched again, so the dialog asks about them. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: deletionPreviewKey });
      }
    },
  });
}
