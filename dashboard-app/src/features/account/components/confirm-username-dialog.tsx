import type { RefObject } from 'react';
import { OLD_USERNAME_HELD_DAYS } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ConfirmUsernameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  host: string;
  from: string;
  to: string;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes once the dialog closes (the button that opened it, or the field with a problem). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Asks before a page moves: what the new address is and how long the old one keeps forwarding. */
export function ConfirmUsernameDialog(props: ConfirmUsernameDialogProps) {
  const { open, onOpenChange, host, from, to, pending, onConfirm, returnFocusTo } = props;
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Change your username?</DialogTitle>
          <DialogDescription>Your page moves to a new address.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 rounded-lg border border-border bg-muted/50 p-3 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-all font-medium">
              {host}/{from}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all font-medium">
              {host}/{to}
            </dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">
          For the next {OLD_USERNAME_HELD_DAYS} days, visitors who open the old address are sent to the new one, and
          nobody else can claim it. After that the old address stops working, so update the links you have shared.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? 'Changing...' : 'Change username'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
