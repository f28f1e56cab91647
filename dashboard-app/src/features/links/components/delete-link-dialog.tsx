import type { RefObject } from 'react';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';

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
    <ConfirmDeleteDialog
      name={title}
      description={`${DELETE_CONFIRMATION} Its clicks go with it. You can undo for a few seconds.`}
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      returnFocusTo={returnFocusTo}
    />
  );
}
