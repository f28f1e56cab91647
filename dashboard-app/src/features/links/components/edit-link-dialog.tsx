import { useState, type FormEvent, type RefObject } from 'react';
import { UpdateLinkRequest, type LinkView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useEditLink } from '../api/update-link';
import { BLOCK_FIELDS } from './block-fields';
import { BlockInputs } from './block-inputs';

interface EditLinkDialogProps {
  link: LinkView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged?: () => Promise<unknown>;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A row's 'Edit' dialog: a link's title and URL, a header's title, an embed's URL and title (the URL checked
 * again by the server: one of the services). The link keeps its id, so its clicks stay.
 */
export function EditLinkDialog({ link, open, onOpenChange, onChanged, returnFocusTo }: EditLinkDialogProps) {
  const edit = useEditLink(onChanged);
  const fields = BLOCK_FIELDS[link.kind];
  const [values, setValues] = useState({ title: link.title, url: link.url });
  const [errors, setErrors] = useState<FieldErrors<UpdateLinkRequest>>({});
  const saving = edit.isPending;

  const changeOpen = (next: boolean) => {
    if (saving) return;
    if (next) setValues({ title: link.title, url: link.url });
    setErrors({});
    edit.reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = fields.url ? values.url.trim() : undefined;
    const found = validateWith(UpdateLinkRequest, { title: values.title, ...(url === undefined ? {} : { url }) });
    setErrors(found);
    const firstInvalid = (['title', 'url'] as const).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    edit.mutate(
      { id: link.id, title: values.title.trim(), url },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: 'Link updated', description: 'Your changes are on your page.' });
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to update link');
          if (url !== undefined && /URL|Embeds/.test(message)) setErrors({ url: message });
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>{fields.editTitle}</DialogTitle>
          <DialogDescription>{fields.editDescription}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {/* Editing, an embed's title is kept (its service's name when it was left blank), so it is required. */}
          <BlockInputs
            fields={fields}
            values={values}
            setValues={setValues}
            errors={errors}
            saving={saving}
            titleLabel={link.kind === 'embed' ? 'Title' : undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
