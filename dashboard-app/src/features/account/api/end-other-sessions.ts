import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

export const endOtherSessions = () => api.delete<MessageView>('/api/auth/sessions');

/** Signs out every device but this one; the list is fetched again whatever the answer. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
