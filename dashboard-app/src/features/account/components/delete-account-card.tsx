import { RefreshCw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { DELETED_USERNAME_HELD_DAYS, formatCents, type DeletionPreview } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDeletionPreview } from '../api/get-deletion-preview';
import { DeleteAccountDialog } from './delete-account-dialog';

/** What goes when the account goes, from the preview. */
function Consequences({ preview }: { preview: DeletionPreview }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      <li>Your page and links are gone at once.</li>
      {preview.unpaidCents > 0 ? (
        <li>
          Your earnings not yet paid out, <strong>${formatCents(preview.unpaidCents)}</strong>, are given up.
        </li>
      ) : null}
      {preview.premium ? <li>Your Premium subscription is cancelled at once, with no further charge.</li> : null}
      <li>Your username becomes free for others after {DELETED_USERNAME_HELD_DAYS} days.</li>
    </ul>
  );
}

/** The danger zone: what deleting the account means, and the button to the confirmation dialog. */
export function DeleteAccountCard({
  onDeleted,
  className,
}: {
  /** Deleted: the caller forgets everything cached and leaves the dashboard. */
  onDeleted: (message: string) => void;
  className?: string;
}) {
  const preview = useDeletionPreview();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);

  return (
    <Card
      role="region"
      aria-labelledby="account-delete-title"
      className={cn('flex flex-col border-red-200', className)}
    >
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-destructive">
            <Trash2 className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle id="account-delete-title">Delete account</CardTitle>
            <CardDescription>Deleting your account removes it for good.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {preview.isPending ? (
          <div role="status" aria-label="Loading what deleting means" className="space-y-2">
            <Skeleton className="h-4 w-64 max-w-full" />
            <Skeleton className="h-4 w-56 max-w-full" />
          </div>
        ) : preview.isError ? (
          <div className="space-y-3">
            <p role="alert" className="text-sm text-muted-foreground">
              We couldn't check what deleting your account would mean.
            </p>
            <Button variant="outline" onClick={() => void preview.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Consequences preview={preview.data} />
            <div className="mt-auto flex justify-end pt-2">
              <Button ref={openerRef} variant="destructive" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
                Delete account
              </Button>
            </div>
            <DeleteAccountDialog
              open={open}
              onOpenChange={setOpen}
              preview={preview.data}
              onDeleted={onDeleted}
              returnFocusTo={openerRef}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
