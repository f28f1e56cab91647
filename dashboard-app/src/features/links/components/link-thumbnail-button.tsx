import { ImagePlus, ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { THUMBNAIL_MAX_BYTES, type LinkView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
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

/**
 * A link's thumbnail: without one, a button that opens the upload dialog; with one, the image itself, whose
 * menu replaces or removes it. The server checks and resizes the image; a file it refuses is explained in
 * the dialog.
 */
export function LinkThumbnailButton({ link }: { link: LinkView }) {
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
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          onClick={() => setUploading(true)}
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
          disabled={busy}
          aria-label={`Add a thumbnail to ${link.title}`}
          title="Add a thumbnail"
          className="text-muted-foreground"
          data-testid="link-thumbnail"
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
        </Button>
        {dialog}
      </>
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            onPointerEnter={preloadImageUploadDialog}
            disabled={busy}
            aria-label={`Thumbnail of ${link.title}: replace or remove`}
            title="Thumbnail"
            className="p-1"
            data-testid="link-thumbnail"
          >
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <img src={link.thumbnail} alt="" width={28} height={28} className="size-7 rounded-md object-cover" />
            )}
          </Button>
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
