import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { sessionsKey } from './get-sessions';

export const endSession = (id: string) => api.delete<MessageView>(`/api/auth/sessions/${encodeURIComponent(id)}`);

/** Signs another device out; the list is fetched again whatever the answer (it may have ended already). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
