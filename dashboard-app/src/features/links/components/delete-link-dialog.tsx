import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** The spec's question before a delete (§5), now asked in the product's own dialog. */
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this link?';

interface DeleteLinkDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** 'Delete link?': Cancel keeps it; Delete removes it with a few seconds to undo (pending-deletes.ts). */
export function DeleteLinkDialog({ title, open, onOpenChange, onConfirm, returnFocusTo }: DeleteLinkDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="break-words">Delete “{title}”?</DialogTitle>
          <DialogDescription>{DELETE_CONFIRMATION} Its clicks go with it. You can undo for a few seconds.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
