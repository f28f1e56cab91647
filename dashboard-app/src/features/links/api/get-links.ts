import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const linksKey = ['links'] as const;

/** The creator's links with their clicks, already in display order. */
export const fetchLinks = () => api.get<LinkView[]>('/api/links');

export const linksQuery = () => queryOptions({ queryKey: linksKey, queryFn: fetchLinks });

export const useLinks = () => useQuery(linksQuery());
