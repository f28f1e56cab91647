import { lazy, Suspense } from 'react';
import type { ImageUploadDialogProps } from './image-upload-dialog';

const load = () => import('./image-upload-dialog');
const ImageUploadDialog = lazy(() => load().then((module) => ({ default: module.ImageUploadDialog })));

/** Starts fetching the uploader (Uppy is large) before it is needed, e.g. when the pointer nears its button. */
export const preloadImageUploadDialog = () => void load();

/** The upload dialog, loaded on first use and mounted only while open (a fresh upload every time). */
export function LazyImageUploadDialog(props: ImageUploadDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ImageUploadDialog {...props} />
    </Suspense>
  );
}
