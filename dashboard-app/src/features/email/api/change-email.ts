import { useMutation } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export type ChangeEmailValues = { email: string; password: string };

/** A new sign-in address, with the password; the server sends the confirmation link and says so. */
export const changeEmail = (values: ChangeEmailValues) => api.post<MessageView>('/api/auth/email', values);

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
