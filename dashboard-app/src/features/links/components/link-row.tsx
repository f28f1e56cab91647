import { CalendarClock, ExternalLink, GripVertical, Heading, Pencil, Play, Trash2 } from 'lucide-react';
import { forwardRef, useRef, useState, type CSSProperties, type HTMLAttributes } from 'react';
import { EMBED_SERVICE_NAMES, embedOf, type LinkView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useDeleteLink } from '../api/delete-link';
import { useUpdateLinkStatus } from '../api/update-link';
import { linkAppearance, linkSubtitle } from '../link-appearance';
import { creatorTimeZone } from '../schedule';
import { LinkIcon } from './link-icon';
import { LinkThumbnailButton } from './link-thumbnail-button';
import { ScheduleBadge } from './schedule-badge';
import { ScheduleLinkDialog } from './schedule-link-dialog';
import { DeleteLinkDialog } from './delete-link-dialog';
import { EditLinkDialog } from './edit-link-dialog';

export { DELETE_CONFIRMATION } from './delete-link-dialog';

/** What the sortable list hands the row's drag handle: its node ref plus dnd-kit's attributes and listeners. */
export interface DragHandle {
  ref?: (element: HTMLElement | null) => void;
  props?: HTMLAttributes<HTMLButtonElement>;
}

interface LinkRowProps {
  link: LinkView;
  /** Refreshes what depends on the links (the analytics) after a change. */
  onChanged?: () => Promise<unknown>;
  handle?: DragHandle;
  style?: CSSProperties;
  isDragging?: boolean;
  /** Scheduling is Premium's: free creators find the Schedule dialog locked. */
  isPremium?: boolean;
}

const clicksFormat = new Intl.NumberFormat('en-US');

/** '1 click', '0 clicks', '1,234 clicks'. */
export const clicksLabel = (clicks: number) => (clicks === 1 ? 'click' : 'clicks');

/** The tile, its label and the line under the title: a header is a section title, an embed names its service. */
function blockLook(link: LinkView) {
  if (link.kind === 'header') {
    return { tile: <Heading className="size-5" aria-hidden="true" />, className: 'bg-muted text-foreground', kind: 'header', label: 'Header', subtitle: 'Section title' };
  }
  if (link.kind === 'embed') {
    const service = EMBED_SERVICE_NAMES[embedOf(link.url)?.service ?? 'youtube'];
    return { tile: <Play className="size-5" aria-hidden="true" />, className: 'bg-accent text-primary', kind: 'embed', label: `${service} embed`, subtitle: `${service} embed` };
  }
  const appearance = linkAppearance(link.url);
  return {
    tile: <LinkIcon kind={appearance.kind} className="size-5" />,
    className: appearance.className,
    kind: appearance.kind,
    label: appearance.label,
    subtitle: linkSubtitle(link.url),
  };
}

/**
 * One link: drag handle, icon, title, host, its schedule (Premium), total clicks, show/hide switch, schedule,
 * open and delete (spec §2).
 */
export const LinkRow = forwardRef<HTMLLIElement, LinkRowProps>(function LinkRow(
  { link, onChanged, handle, style, isDragging = false, isPremium = false },
  ref,
) {
  const [scheduling, setScheduling] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  /** The Schedule button, which gets the focus back when the dialog it opens closes. */
  const scheduleButtonRef = useRef<HTMLButtonElement>(null);
  const timeZone = creatorTimeZone();
  const status = useUpdateLinkStatus(onChanged);
  const remove = useDeleteLink({ onChanged });
  const look = blockLook(link);
  const isHeader = link.kind === 'header';
  const isActive = status.isPending ? (status.variables?.isActive ?? link.isActive) : link.isActive;

  const toggle = (checked: boolean) =>
    status.mutate(
      { id: link.id, isActive: checked },
      {
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update link status' }),
      },
    );


  return (
    <li
      ref={ref}
      style={style}
      data-testid="link-row"
      data-block={link.kind}
      className={cn(
        'relative flex min-w-0 flex-wrap items-center gap-x-3 gap-y-3 rounded-xl border border-border p-3 transition-shadow sm:flex-nowrap sm:px-4',
        isHeader ? 'border-dashed bg-muted/40' : 'bg-card',
        isDragging && 'z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        type="button"
        ref={handle?.ref}
        aria-label={`Reorder ${link.title}`}
        className="-ml-1 flex h-10 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground active:cursor-grabbing focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        {...handle?.props}
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>

      <LinkThumbnailButton link={link}>
      <span
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', look.className)}
        data-kind={look.kind}
        title={look.label}
      >
        {look.tile}
      </span>
      </LinkThumbnailButton>

      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <p
            data-link-title
            className={cn('truncate font-medium', isHeader && 'font-semibold', !link.isActive && 'text-muted-foreground')}
          >
            {link.title}
          </p>
          {link.isActive ? null : (
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              Hidden
            </span>
          )}
        </div>
        <p className="truncate text-sm text-muted-foreground" data-testid="link-host">
          {look.subtitle}
        </p>
        <ScheduleBadge link={link} isActive={link.isActive} isPremium={isPremium} timeZone={timeZone} />
      </div>

      <div className="flex w-full flex-wrap items-center justify-between gap-3 border-t border-border pt-3 sm:w-auto sm:flex-nowrap sm:border-0 sm:pt-0">
        {isHeader ? (
          <span className="min-w-16" />
        ) : (
          <div className="min-w-16 sm:text-right">
            <p className="text-sm text-foreground">
              <span className="font-semibold tabular-nums">{clicksFormat.format(link.clicks)}</span>{' '}
              <span className="text-muted-foreground">{clicksLabel(link.clicks)}</span>
            </p>
            <p className="text-xs text-muted-foreground">Total</p>
          </div>
        )}
        <div className="ml-auto flex items-center gap-1">
          <Switch
            checked={isActive}
            onCheckedChange={toggle}
            disabled={status.isPending}
            aria-label={`Show ${link.title} on your page`}
            className="mr-2"
          />
          <Button
            ref={scheduleButtonRef}
            variant="ghost"
            size="icon"
            onClick={() => setScheduling(true)}
            aria-label={`Schedule ${link.title}`}
            title={isPremium ? 'Schedule' : 'Schedule (Premium)'}
            className="text-muted-foreground"
          >
            <CalendarClock aria-hidden="true" />
          </Button>
          <Button
            ref={editButtonRef}
            variant="ghost"
            size="icon"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${link.title}`}
            title="Edit"
            className="text-muted-foreground"
          >
            <Pencil aria-hidden="true" />
          </Button>
          {isHeader ? null : (
            <Button variant="ghost" size="icon" asChild>
              <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${link.title} in a new tab`}>
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          )}
          <Button
            ref={deleteButtonRef}
            variant="ghost"
            size="icon"
            onClick={() => setDeleting(true)}
            aria-label={`Delete ${link.title}`}
            className="text-muted-foreground hover:bg-red-50 hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      <ScheduleLinkDialog
        link={link}
        isPremium={isPremium}
        timeZone={timeZone}
        open={scheduling}
        onOpenChange={setScheduling}
        onChanged={onChanged}
        returnFocusTo={scheduleButtonRef}
      />
      <EditLinkDialog
        link={link}
        open={editing}
        onOpenChange={setEditing}
        onChanged={onChanged}
        returnFocusTo={editButtonRef}
      />
      <DeleteLinkDialog
        title={link.title}
        open={deleting}
        onOpenChange={setDeleting}
        onConfirm={() => remove(link)}
        returnFocusTo={deleteButtonRef}
      />
    </li>
  );
});
