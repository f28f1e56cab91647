import { ImageIcon, ImageUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { preloadImageUploadDialog } from './lazy-image-upload-dialog';

export const BACKGROUND_HINT = 'JPG, PNG up to 5MB';

/** The Custom Image tab: the current background image (or none yet) and the button to upload another. */
export function BackgroundImagePanel({ image, onUpload }: { image: string | null; onUpload: () => void }) {
  return (
    <>
      <div
        className="flex aspect-[16/7] w-full items-center justify-center overflow-hidden rounded-lg border border-border bg-muted bg-cover bg-center"
        style={image ? { backgroundImage: `url(${JSON.stringify(image)})` } : undefined}
        role={image ? 'img' : undefined}
        aria-label={image ? 'Current background image' : undefined}
        data-testid="background-preview"
      >
        {image ? null : (
          <span className="flex flex-col items-center gap-1 text-sm text-muted-foreground">
            <ImageIcon className="size-6" aria-hidden="true" />
            No background image yet
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          onClick={onUpload}
          onPointerEnter={preloadImageUploadDialog}
          onFocus={preloadImageUploadDialog}
        >
          <ImageUp aria-hidden="true" /> {image ? 'Replace image' : 'Upload image'}
        </Button>
        <p className="text-xs text-muted-foreground">{BACKGROUND_HINT}</p>
      </div>
    </>
  );
}
