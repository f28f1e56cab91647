import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponView, CreateCouponRequest } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const couponsKey = ['coupons'] as const;

/** GET /api/coupons: the creator's coupons, newest first, with their uses so far. */
export const useCoupons = () => useQuery({ queryKey: couponsKey, queryFn: () => api.get<CouponView[]>('/api/coupons') });

/** POST /api/coupons; the list is read again. */
export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCouponRequest) => api.post<CouponView>('/api/coupons', request),
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** DELETE /api/coupons/{id}: the code is refused from now on; the list is read again. */
export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/coupons/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** A product a coupon may name: GET /api/products' id and title (the products feature's list). */
export interface CouponProduct {
  id: string;
  title: string;
}

const isProduct = (value: unknown): value is CouponProduct =>
  typeof value === 'object' && value !== null && typeof (value as CouponProduct).id === 'string' && typeof (value as CouponProduct).title === 'string';

/** The creator's products to pick from; none when the list cannot be read (a coupon then applies to all or to sessions). */
export const useCouponProducts = () =>
  useQuery({
    queryKey: ['coupons', 'products'],
    queryFn: async () => {
      const body = await api.get<unknown>('/api/products').catch(() => null);
      const list = Array.isArray(body) ? body : Array.isArray((body as { products?: unknown } | null)?.products) ? (body as { products: unknown[] }).products : [];
      return list.filter(isProduct).map(({ id, title }) => ({ id, title }));
    },
    retry: false,
  });
