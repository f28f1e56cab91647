import { useMutation } from '@tanstack/react-query';
import type { SupportRequestResponse } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface NewSupportRequest {
  subject: string;
  message: string;
}

/** POST /api/support-requests: 201 { request }; the server e-mails the creator a copy. */
export const createSupportRequest = ({ subject, message }: NewSupportRequest) =>
  api.post<SupportRequestResponse>('/api/support-requests', { subject, message });

/** Sends a support request from the Help dialog. Nothing on screen lists them, so nothing is refetched. */
export const useCreateSupportRequest = () => useMutation({ mutationFn: createSupportRequest });
