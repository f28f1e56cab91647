import { useState, type RefObject } from 'react';
import { CalendarFeedMessages } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { useReplaceCalendarFeed } from '../api/replace-calendar-feed';

interface ReplaceCalendarFeedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReplaced: () => void;
  /** The button that opened it, where focus goes back. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Confirms replacing the feed's address: every calendar subscribed to the old one must be given the new one. */
export function ReplaceCalendarFeedDialog({
  open,
  onOpenChange,
  onReplaced,
  returnFocusTo,
}: ReplaceCalendarFeedDialogProps) {
  const replace = useReplaceCalendarFeed();
  const [failure, setFailure] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (replace.isPending) return;
    if (!next) setFailure(null);
    onOpenChange(next);
  };

  const confirm = () => {
    setFailure(null);
    replace.mutate(undefined, {
      onSuccess: () => {
        close(false);
        onReplaced();
      },
      onError: (error) => setFailure(messageOf(error, CalendarFeedMessages.replaceFailed)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>{CalendarFeedMessages.replace}?</DialogTitle>
          <DialogDescription>{CalendarFeedMessages.replaceConfirm}</DialogDescription>
        </DialogHeader>
        {failure ? <Notice variant="error">{failure}</Notice> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={replace.isPending}>
            {CalendarFeedMessages.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={replace.isPending}>
            {CalendarFeedMessages.replaceConfirmButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
