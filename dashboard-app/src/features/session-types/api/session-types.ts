import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntakeQuestionKind, SessionLocation, SessionTypeView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const sessionTypesKey = ['session-types'] as const;

/** The creator's session types in their order, switched on or off. */
export const fetchSessionTypes = () => api.get<SessionTypeView[]>('/api/session-types');
export const sessionTypesQuery = () => queryOptions({ queryKey: sessionTypesKey, queryFn: fetchSessionTypes });
export const useSessionTypes = () => useQuery(sessionTypesQuery());

/** A question as the form sends it: a new one without id (the server gives it one). */
export interface QuestionInput {
  id?: string;
  label: string;
  kind: IntakeQuestionKind;
  required: boolean;
  choices?: string[];
}

/** The fields POST /api/session-types and PUT /api/session-types/{id} take. */
export interface SessionTypeInput {
  name?: string;
  minutes?: number;
  priceCents?: number;
  description?: string;
  location?: SessionLocation | null;
  questions?: QuestionInput[];
  enabled?: boolean;
}

export const createSessionType = (input: SessionTypeInput) => api.post<SessionTypeView>('/api/session-types', input);
export const updateSessionType = (id: string, input: SessionTypeInput) => api.put<SessionTypeView>(`/api/session-types/${id}`, input);
export const deleteSessionType = (id: string) => api.delete<{ message: string }>(`/api/session-types/${id}`);
export const reorderSessionTypes = (ids: string[]) => api.put<SessionTypeView[]>('/api/session-types/order', { ids });

/** Reorders at once; the server's order replaces it, and on failure the stored order comes back. */
export function useReorderSessionTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderSessionTypes,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: sessionTypesKey });
      queryClient.setQueryData<SessionTypeView[]>(sessionTypesKey, (types) => (types ? ids.flatMap((id) => types.filter((t) => t.id === id)) : types));
    },
    onSuccess: (types) => queryClient.setQueryData(sessionTypesKey, types),
    onError: () => queryClient.invalidateQueries({ queryKey: sessionTypesKey }),
  });
}
