import { useMutation } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Sends the link to confirm the account's e-mail address again. */
export const resendConfirmation = () => api.post<MessageView>('/api/auth/email/resend');

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
