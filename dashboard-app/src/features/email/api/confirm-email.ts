import { useMutation } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Confirms an e-mail address with the token from the link (signed in or not). */
export const confirmEmail = (token: string) => api.post<MessageView>('/api/auth/email/verify', { token });

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
