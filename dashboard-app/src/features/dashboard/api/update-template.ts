import { useMutation } from '@tanstack/react-query';
import type { UpdateTemplateRequest, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/**
 * A theme alone, or a theme with a colour (which clears the image) — spec §4 — or Premium's button look
 * (colours #rrggbb or null for the theme's own, and a shape): the API's own request. Fields left out stay as
 * they are.
 */
export type TemplateChange = UpdateTemplateRequest;

export const updateTemplate = (change: TemplateChange) => api.put<{ user: UserView }>('/api/users/template', change);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateTemplate = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateTemplate, onSuccess: ({ user }) => onUser(user) });
