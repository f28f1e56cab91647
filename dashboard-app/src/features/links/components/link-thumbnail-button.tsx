import { ImagePlus, ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { THUMBNAIL_MAX_BYTES, type LinkView } from '@linkbio/shared-contracts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import {
  LazyImageUploadDialog,
  preloadImageUploadDialog,
} from '@/features/dashboard/components/lazy-image-upload-dialog';
import { useRemoveLinkThumbnail, useSetLinkThumbnail } from '../api/link-thumbnail';

export const THUMBNAIL_HINT = 'JPG, PNG, WebP or GIF up to 5MB. Shown as a small square beside the title.';
const FAILED = 'Failed to update the thumbnail. Please try again.';

const TILE = 'relative size-10 shrink-0 rounded-lg p-0 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/**
 * A link's picture on its row: without a thumbnail, its family icon (`children`) with a small "add image"
 * mark, a button that opens the upload dialog; with one, the thumbnail itself, whose menu replaces or removes
 * it. The server checks and resizes the image; a file it refuses is explained in the dialog.
 */
export function LinkThumbnailButton({ link, children }: { link: LinkView; children?: ReactNode }) {
  const [uploading, setUploading] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const save = useSetLinkThumbnail();
  const remove = useRemoveLinkThumbnail();
  const busy = save.isPending || remove.isPending;

  const stored = async (thumbnailURL: string) => {
    await save.mutateAsync({ id: link.id, thumbnailURL });
    toast({ title: 'Thumbnail updated' });
  };
  const failed = () => toast({ variant: 'destructive', title: 'Error', description: FAILED });
  const removeThumbnail = () =>
    remove.mutate(link.id, {
      onSuccess: () => toast({ title: 'Thumbnail removed' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: messageOf(error, FAILED) }),
    });

  const dialog = (
    <LazyImageUploadDialog
      open={uploading}
      onOpenChange={(open) => {
        setUploading(open);
        if (!open) trigger.current?.focus();
      }}
      title={`Thumbnail for ${link.title}`}
      description="Choose one image from your device. It is cropped to a square."
      note={THUMBNAIL_HINT}
      maxFileSize={THUMBNAIL_MAX_BYTES}
      onUploaded={stored}
      onFailed={failed}
    />
  );

  if (!link.thumbnail) {
    return (
      <>
        <button
          ref={trigger}
          type="button"
          onClick={() => setUploading(true)}
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
          disabled={busy}
          aria-label={`Add a thumbnail to ${link.title}`}
          title="Add a thumbnail"
          className={TILE}
          data-testid="link-thumbnail"
        >
          {children}
          <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border border-border bg-background text-muted-foreground shadow-sm">
            {busy ? <LoaderCircle className="size-3 animate-spin" aria-hidden="true" /> : <ImagePlus className="size-3" aria-hidden="true" />}
          </span>
        </button>
        {dialog}
      </>
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            ref={trigger}
            type="button"
            onPointerEnter={preloadImageUploadDialog}
            disabled={busy}
            aria-label={`Thumbnail of ${link.title}: replace or remove`}
            title="Thumbnail"
            className={TILE}
            data-testid="link-thumbnail"
          >
            <img src={link.thumbnail} alt="" width={40} height={40} className="size-10 rounded-lg object-cover" />
            {busy ? (
              <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-background/70">
                <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              </span>
            ) : null}
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <DropdownMenuItem onSelect={() => setUploading(true)}>
            <ImageUp aria-hidden="true" /> Replace thumbnail
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={removeThumbnail}>
            <Trash2 aria-hidden="true" /> Remove thumbnail
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}
