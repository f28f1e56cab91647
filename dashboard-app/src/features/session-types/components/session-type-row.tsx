import { ChevronDown, ChevronUp, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { forwardRef, useState, type CSSProperties, type HTMLAttributes } from 'react';
import type { SessionTypeView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { summaryOf } from '../session-type-form';

export const DELETE_SESSION_TYPE_CONFIRMATION =
  'Visitors can no longer book it. Sessions already booked keep their name, place and answers.';

interface SessionTypeRowProps {
  type: SessionTypeView;
  style?: CSSProperties;
  isDragging?: boolean;
  handle: { ref: (element: HTMLElement | null) => void; props: HTMLAttributes<HTMLElement> };
  /** Absent at the top (or the bottom) of the list. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  onEdit: () => void;
  onEnabledChange: (enabled: boolean) => void;
  onDelete: () => void;
}

/** One session type: drag handle, name and summary, move up and down, the on/off switch, edit and delete (with a confirm). */
export const SessionTypeRow = forwardRef<HTMLLIElement, SessionTypeRowProps>(function SessionTypeRow(
  { type, style, isDragging, handle, onMoveUp, onMoveDown, onEdit, onEnabledChange, onDelete },
  ref,
) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      ref={ref}
      style={style}
      data-testid="session-type-row"
      className={`flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 sm:flex-nowrap sm:gap-3 sm:px-4 ${isDragging ? 'shadow-lg' : ''}`}
    >
      <button
        type="button"
        ref={handle.ref}
        {...handle.props}
        aria-label={`Reorder ${type.name}`}
        className="cursor-grab touch-none rounded text-muted-foreground"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1 basis-48">
        <p className={`truncate font-medium ${type.enabled ? '' : 'text-muted-foreground'}`}>{type.name}</p>
        <p className="text-sm text-muted-foreground">
          {summaryOf(type)}
          {type.questions.length > 0 ? ` · ${type.questions.length} question${type.questions.length === 1 ? '' : 's'}` : ''}
          {type.enabled ? '' : ' · Off'}
        </p>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <Button type="button" variant="ghost" size="icon" disabled={!onMoveUp} onClick={onMoveUp} aria-label={`Move ${type.name} up`}>
          <ChevronUp aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={!onMoveDown} onClick={onMoveDown} aria-label={`Move ${type.name} down`}>
          <ChevronDown aria-hidden="true" />
        </Button>
        <Switch checked={type.enabled} onCheckedChange={onEnabledChange} aria-label={`Offer ${type.name}`} className="mx-1" />
        <Button type="button" variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${type.name}`}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" onClick={() => setConfirming(true)} aria-label={`Delete ${type.name}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle className="break-words">Delete “{type.name}”?</DialogTitle>
            <DialogDescription>{DELETE_SESSION_TYPE_CONFIRMATION}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                onDelete();
              }}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
});
