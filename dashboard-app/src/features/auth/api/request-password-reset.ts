import { useMutation } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export const requestPasswordReset = (email: string) => api.post<MessageView>('/api/auth/password-reset', { email });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
