import { Crown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CreateLinkRequest, withDefaultScheme } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError, messageOf } from '@/lib/api-client';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useCreateLink } from '../api/create-link';

interface AddLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what depends on the links (the analytics) after one is added. */
  onChanged?: () => Promise<unknown>;
}

const EMPTY = { title: '', url: '' };

/** The 'Add New Link' dialog (spec §2, §4, §5). */
export function AddLinkDialog({ open, onOpenChange, onChanged }: AddLinkDialogProps) {
  const create = useCreateLink(onChanged);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<CreateLinkRequest>>({});
  /** The free plan's limit message, shown with a way to Premium (403 on the sixth link). */
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const saving = create.isPending;

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setLimitMessage(null);
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (saving) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { title: values.title, url: values.url, order: 0 };
    const found = validateWith(CreateLinkRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLimitMessage(null);
    create.mutate(
      { title: values.title.trim(), url: values.url.trim() },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
          toast({ title: 'Link added!', description: 'Your new link has been added successfully.' });
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to add link');
          if (error instanceof ApiError && error.status === 403) setLimitMessage(message);
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Link</DialogTitle>
          <DialogDescription>New links appear at the top of your page. Drag them to reorder.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field label="Link Title" error={errors.title}>
            <Input
              name="title"
              placeholder="My Instagram"
              autoComplete="off"
              value={values.title}
              onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))}
              readOnly={saving}
            />
          </Field>
          <Field label="URL" error={errors.url}>
            <Input
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://instagram.com/yourname"
              value={values.url}
              onChange={(event) => setValues((current) => ({ ...current, url: withDefaultScheme(event.target.value) }))}
              readOnly={saving}
            />
          </Field>

          {limitMessage ? (
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="font-medium">{limitMessage}</p>
              <Button asChild size="sm" className="shrink-0">
                <Link to="/subscribe">
                  <Crown aria-hidden="true" /> Upgrade to Premium
                </Link>
              </Button>
            </div>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Adding...' : 'Add Link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
