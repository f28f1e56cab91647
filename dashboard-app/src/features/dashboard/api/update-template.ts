import { useMutation } from '@tanstack/react-query';
import type { Theme, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** A theme alone, or a theme with a colour (which clears the image) — spec §4. */
export interface TemplateChange {
  theme: Theme;
  backgroundColor?: string | null;
  backgroundImage?: string | null;
}

export const updateTemplate = (change: TemplateChange) => api.put<{ user: UserView }>('/api/users/template', change);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateTemplate = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateTemplate, onSuccess: ({ user }) => onUser(user) });
