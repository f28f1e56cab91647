import { ImagePlus, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  BACKGROUND_MAX_BYTES,
  SEO_DESCRIPTION_MAX_LENGTH,
  SEO_TITLE_MAX_LENGTH,
  UpdateSeoRequest,
  type UserView,
} from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { LazyImageUploadDialog, preloadImageUploadDialog } from '@/features/dashboard/components/lazy-image-upload-dialog';
import { useUpdateSeo, useUpdateShareImage } from '../api/update-seo';

const IMAGE_HINT = 'JPG, PNG up to 5MB. 1200 × 630 works best.';

interface SeoCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

const chars = (text: string) => [...text].length;

/**
 * Search & sharing: the title, description and image search engines and link previews show for the page,
 * each left empty for the page's defaults (the name, the bio, the profile picture), with a live preview.
 */
export function SeoCard({ user, onUserChange, className }: SeoCardProps) {
  const save = useUpdateSeo(onUserChange);
  const saveImage = useUpdateShareImage(onUserChange);
  const seo = user.seo ?? { title: null, description: null, image: null };
  const [title, setTitle] = useState(seo.title ?? '');
  const [description, setDescription] = useState(seo.description ?? '');
  const [errors, setErrors] = useState<FieldErrors<UpdateSeoRequest>>({});
  const [uploading, setUploading] = useState(false);

  const shownTitle = title.trim() || (user.isPremium ? user.displayName : `${user.displayName} | Linkbio`);
  const shownDescription = description.trim() || user.bio || `All of ${user.displayName}'s links in one place.`;
  const shownImage = seo.image ?? user.avatar;
  const address = `${window.location.host}/${user.username}`;

  const failed = (failure: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to update search & sharing. Please try again.') });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { title: title.trim() || null, description: description.trim() || null, image: seo.image };
    const found = validateWith(UpdateSeoRequest, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Search & sharing saved' }),
      onError: failed,
    });
  };

  const removeImage = () =>
    save.mutate(
      { title: seo.title, description: seo.description, image: null },
      { onSuccess: () => toast({ title: 'Share image removed' }), onError: failed },
    );

  return (
    <SettingsCard
      // min-w-0: a long address or title truncates inside the card instead of widening the dashboard's grid.
      className={cn('min-w-0', className)}
      id="search-sharing"
      icon={Search}
      title="Search & sharing"
      description="How your page looks in search results and when its link is shared."
    >
      <div className="flex flex-1 flex-col gap-5">
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field
            label="Title"
            error={errors.title}
            hint={`${chars(title)}/${SEO_TITLE_MAX_LENGTH} · empty: your name`}
          >
            <Input
              name="seoTitle"
              value={title}
              placeholder={user.isPremium ? user.displayName : `${user.displayName} | Linkbio`}
              onChange={(event) => setTitle(event.target.value)}
            />
          </Field>
          <Field
            label="Description"
            error={errors.description}
            hint={`${chars(description)}/${SEO_DESCRIPTION_MAX_LENGTH} · empty: your bio`}
          >
            <textarea
              name="seoDescription"
              rows={3}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              value={description}
              placeholder={user.bio ?? `All of ${user.displayName}'s links in one place.`}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>

        <div className="space-y-2">
          <p className="text-sm font-medium">Share image</p>
          <p className="text-xs text-muted-foreground">
            {seo.image ? 'Your own image.' : 'Your profile picture, until you upload an image.'} {IMAGE_HINT}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => setUploading(true)}
              onPointerEnter={preloadImageUploadDialog}
              onFocus={preloadImageUploadDialog}
            >
              <ImagePlus aria-hidden="true" /> {seo.image ? 'Change share image' : 'Upload share image'}
            </Button>
            {seo.image && (
              <Button variant="ghost" disabled={save.isPending} onClick={removeImage}>
                Remove image
              </Button>
            )}
          </div>
        </div>

        <section aria-label="Preview" className="space-y-3">
          <p className="text-sm font-medium">Preview</p>
          <div className="rounded-lg border p-3" data-testid="search-preview">
            <p className="truncate text-xs text-muted-foreground">{address}</p>
            <p className="break-words text-base font-medium text-blue-800">{shownTitle}</p>
            <p className="line-clamp-2 break-words text-sm text-muted-foreground">{shownDescription}</p>
          </div>
          <div className="overflow-hidden rounded-lg border" data-testid="share-preview">
            {shownImage ? (
              <img src={shownImage} alt="" className="aspect-[1.91/1] w-full bg-muted object-cover" />
            ) : (
              <div className="aspect-[1.91/1] w-full bg-muted" />
            )}
            <div className="space-y-0.5 p-3">
              <p className="truncate text-xs uppercase text-muted-foreground">{window.location.host}</p>
              <p className="break-words text-sm font-semibold">{title.trim() || user.displayName}</p>
              <p className="line-clamp-2 break-words text-xs text-muted-foreground">{shownDescription}</p>
            </div>
          </div>
        </section>
      </div>
      <LazyImageUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        title="Upload a share image"
        description="Choose one image from your device."
        note={IMAGE_HINT}
        maxFileSize={BACKGROUND_MAX_BYTES}
        onUploaded={async (url) => {
          await saveImage.mutateAsync(url);
          toast({ title: 'Share image updated' });
        }}
        onFailed={() => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update the share image. Please try again.' })}
      />
    </SettingsCard>
  );
}
