import type { ReactNode, RefObject } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

interface ConfirmDeleteDialogProps {
  /** The name of what would be deleted, shown quoted in the title. */
  name: string;
  /** What deleting it means. */
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** 'Delete “name”?' before a delete: Cancel keeps it; Delete closes the dialog and goes ahead. */
export function ConfirmDeleteDialog({ name, description, open, onOpenChange, onConfirm, returnFocusTo }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="break-words">Delete “{name}”?</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
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
