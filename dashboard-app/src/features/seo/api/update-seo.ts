import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface SeoChange {
  title: string | null;
  description: string | null;
  image: string | null;
}

/** The page's search and share preview (PUT /api/users/seo): null or empty parts go back to the defaults. */
export const updateSeo = (change: SeoChange) => api.put<{ user: UserView }>('/api/users/seo', change);

/** Makes an uploaded image the share image (PUT /api/share-images); the answer carries user.seo.image. */
export const updateShareImage = (imageURL: string) => api.put<{ user: UserView }>('/api/share-images', { imageURL });

export const useUpdateSeo = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateSeo, onSuccess: ({ user }) => onUser(user) });

export const useUpdateShareImage = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateShareImage, onSuccess: ({ user }) => onUser(user) });
