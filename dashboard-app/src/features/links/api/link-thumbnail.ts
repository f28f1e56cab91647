import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { linksKey } from './get-links';

/** Makes an uploaded image the link's thumbnail (the server crops it square and stores a small WebP). */
export const setLinkThumbnail = ({ id, thumbnailURL }: { id: string; thumbnailURL: string }) =>
  api.put<LinkView>(`/api/links/${encodeURIComponent(id)}/thumbnail`, { thumbnailURL });

/** The link shows its family icon again. */
export const removeLinkThumbnail = (id: string) => api.delete<LinkView>(`/api/links/${encodeURIComponent(id)}/thumbnail`);

/** Both refetch the links once done, so the row shows what is stored. */
export function useSetLinkThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLinkThumbnail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useRemoveLinkThumbnail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLinkThumbnail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}
