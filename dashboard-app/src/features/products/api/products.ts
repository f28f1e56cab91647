import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_FILE_PURPOSE, type ProductView, type UploadParametersResponse } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { requestUploadURL } from '@/features/dashboard/api/request-upload-url';

export const productsKey = ['products'] as const;

/** The creator's products in their order (issue 27). */
export const fetchProducts = () => api.get<ProductView[]>('/api/products');
export const productsQuery = () => queryOptions({ queryKey: productsKey, queryFn: fetchProducts });
export const useProducts = () => useQuery(productsQuery());

/** The fields POST /api/products and PUT /api/products/{id} take. */
export interface ProductInput {
  title?: string;
  description?: string;
  priceCents?: number | null;
  minPriceCents?: number | null;
  coverURL?: string | null;
  fileURL?: string;
  fileName?: string;
  privateUrl?: string;
  visible?: boolean;
}

export const createProduct = (input: ProductInput) => api.post<ProductView>('/api/products', input);
export const updateProduct = (id: string, input: ProductInput) => api.put<ProductView>(`/api/products/${id}`, input);
export const deleteProduct = (id: string) => api.delete<{ message: string }>(`/api/products/${id}`);
export const reorderProducts = (ids: string[]) => api.put<ProductView[]>('/api/products/order', { ids });

/** Uploads a cover image through the upload path and answers its upload URL (the server makes the cover). */
export async function uploadCover(file: File): Promise<string> {
  const uploadURL = await requestUploadURL({ contentType: file.type || undefined, size: file.size });
  await putFile(uploadURL, file, file.type, () => undefined);
  return uploadURL;
}

/**
 * Uploads a product's file (up to 250 MB) in one PUT, or in parts when the server says so (S3, over 64 MB),
 * reporting progress from 0 to 1; its type is told by the server from its bytes, so none is sent.
 */
export async function uploadProductFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const answer = await api.post<UploadParametersResponse>('/api/objects/upload', { purpose: PRODUCT_FILE_PURPOSE, size: file.size });
  if (typeof answer?.uploadURL !== 'string') throw new Error('The server gave no upload address');
  if (answer.multipart) await uploadInParts(answer.uploadURL, answer.multipart, file, onProgress);
  else await putFile(answer.uploadURL, file.slice(0, file.size), '', onProgress);
  return answer.uploadURL;
}

/**
 * A large file on S3: its parts PUT one after another (progress over the whole file), then the upload completed
 * with their ETags; on any failure the upload is aborted, so no parts are left behind.
 */
async function uploadInParts(
  uploadURL: string,
  { uploadId, partSize, partURLs }: NonNullable<UploadParametersResponse['multipart']>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const parts: Array<{ partNumber: number; etag: string }> = [];
  try {
    for (const [index, url] of partURLs.entries()) {
      const start = index * partSize;
      const part = file.slice(start, Math.min(start + partSize, file.size));
      const etag = await putFile(url, part, '', (fraction) => onProgress((start + fraction * part.size) / file.size));
      if (!etag) throw new Error('The upload could not be checked. Try again.');
      parts.push({ partNumber: index + 1, etag });
    }
    await api.post('/api/objects/upload/complete', { uploadURL, uploadId, parts });
  } catch (error) {
    await api.post('/api/objects/upload/abort', { uploadURL, uploadId }).catch(() => undefined);
    throw error;
  }
}

/** One PUT of the bytes, with progress (XMLHttpRequest: fetch reports no upload progress); answers the ETag. */
function putFile(url: string, body: Blob, contentType: string, onProgress: (fraction: number) => void): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    if (contentType) request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve(request.getResponseHeader('ETag')) : reject(new Error(uploadError(request)));
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    request.send(body);
  });
}

function uploadError(request: XMLHttpRequest): string {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (S3 answers XML).
  }
  return `The upload failed (${request.status}). Try again.`;
}

/** Reorders optimistically; on failure the stored order comes back. */
export function useReorderProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderProducts,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: productsKey });
      queryClient.setQueryData<ProductView[]>(productsKey, (products) =>
        products ? ids.flatMap((id, order) => products.filter((p) => p.id === id).map((p) => ({ ...p, order }))) : products,
      );
    },
    onSuccess: (products) => queryClient.setQueryData(productsKey, products),
    onError: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}
