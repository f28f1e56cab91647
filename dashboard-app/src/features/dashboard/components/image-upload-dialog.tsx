import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-theme.css';
import type { UploadResult } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { requestUploadURL } from '../api/request-upload-url';
import { createImageUppy, refusedMessage, uploadedURL, type ImageBody, type ImageMeta, type ImageUppy } from '../lib/image-uppy';

/** One image per upload: Uppy's wording in the singular. */
const UPLOAD_STRINGS = {
  strings: {
    dropPasteFiles: 'Drop an image here or %{browseFiles}',
    dropHint: 'Drop your image here',
    browseFiles: 'browse your device',
  },
};

export interface ImageUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The hint under the drop zone, word for word from the spec. */
  note: string;
  maxFileSize: number;
  /**
   * Stores the uploaded image with the product; rejects when that fails. A refusal with the server's message
   * (an ApiError 4xx) is shown in the dialog, which stays open for another file.
   */
  onUploaded: (uploadURL: string) => Promise<unknown>;
  /** The upload or the save failed for another reason (the network, the server). */
  onFailed: () => void;
}

/**
 * The upload dialog: Uppy's Dashboard (one image, size and type limits, progress, retry) inside the design
 * system's dialog. The Uppy instance lives as long as the dialog is mounted.
 */
export function ImageUploadDialog({
  open,
  onOpenChange,
  title,
  description,
  note,
  maxFileSize,
  onUploaded,
  onFailed,
}: ImageUploadDialogProps) {
  const id = useId();
  const [uppy, setUppy] = useState<ImageUppy | null>(null);
  const [saving, setSaving] = useState(false);
  /** The server's message for a file it would not use (not an image, too large…), until another file is picked. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef({ onUploaded, onFailed, onOpenChange });
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    latest.current = { onUploaded, onFailed, onOpenChange };
  });

  // Created in an effect (not during render) so React's double mount in development never uses a destroyed instance.
  useEffect(() => {
    // The product uses the file as the upload's last step: a file the server refuses never shows as complete.
    const save = async (url: string) => {
      setSaving(true);
      try {
        await latest.current.onUploaded(url);
      } finally {
        setSaving(false);
      }
    };
    const instance = createImageUppy({ id: `image-upload${id}`, maxFileSize, getUploadURL: requestUploadURL, save });
    const onComplete = (result: UploadResult<ImageMeta, ImageBody>) => {
      if (uploadedURL(result)) {
        latest.current.onOpenChange(false);
        return;
      }
      const message = refusedMessage(result);
      if (!message) {
        latest.current.onFailed();
        return;
      }
      // The server's reason, in the dialog; the refused file goes, so another can be picked at once.
      setRefusal(message);
      setTimeout(() => result.failed?.forEach((file) => instance.getFile(file.id) && instance.removeFile(file.id)));
    };
    const onFileAdded = () => setRefusal(null);
    instance.on('complete', onComplete);
    instance.on('file-added', onFileAdded);
    setUppy(instance);
    return () => {
      instance.off('complete', onComplete);
      instance.off('file-added', onFileAdded);
      instance.destroy();
    };
  }, [id, maxFileSize]);

  // Uppy's single-file view gives its file item role="listitem" without a list around it; name the list.
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () =>
      root.querySelectorAll('.uppy-Dashboard-files:not([role])').forEach((list) => list.setAttribute('role', 'list'));
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    fix();
    return () => observer.disconnect();
  }, [uppy]);

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div ref={container} className="min-h-[22rem]" data-testid="upload-dashboard">
          {uppy ? (
            <Dashboard
              uppy={uppy}
              note={note}
              width="100%"
              height={352}
              proudlyDisplayPoweredByUppy={false}
              locale={UPLOAD_STRINGS}
              theme="light"
            />
          ) : null}
        </div>
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="upload-refusal">
            {refusal}
          </p>
        ) : null}
        <p role="status" className={saving ? 'text-sm text-muted-foreground' : 'sr-only'}>
          {saving ? 'Saving...' : ''}
        </p>
      </DialogContent>
    </Dialog>
  );
}
