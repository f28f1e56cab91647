import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletionPreview } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const deletionPreviewKey = ['account', 'deletion'] as const;

/** What deleting the account would mean: earnings given up, Premium cancelled. */
export const fetchDeletionPreview = () => api.get<DeletionPreview>('/api/users/me/deletion');

export const deletionPreviewQuery = () => queryOptions({ queryKey: deletionPreviewKey, queryFn: fetchDeletionPreview });

export const useDeletionPreview = () => useQuery(deletionPreviewQuery());
