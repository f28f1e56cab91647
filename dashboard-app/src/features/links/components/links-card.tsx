import { Crown, Link2, Plus, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { countsAsLink, FREE_PLAN_LINK_LIMIT } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLinks } from '../api/get-links';
import { ImportLinksButton } from '@/features/link-import/components/import-links-button';
import { usePendingDeletes } from '../pending-deletes';
import { AddLinkDialog } from './add-link-dialog';
import { SortableLinkList } from './sortable-link-list';

interface LinksCardProps {
  isPremium: boolean;
  /** Refreshes what depends on the links (the analytics) after a change. */
  onLinksChanged?: () => Promise<unknown>;
}

/** Placeholder rows while the links load. */
export function LinkListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="grid gap-3" aria-hidden="true" data-testid="links-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 rounded-xl border border-border p-3 sm:px-4">
          <Skeleton className="h-8 w-5" />
          <Skeleton className="size-10 rounded-lg!" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3 min-w-24" />
            <Skeleton className="h-3 w-1/4 min-w-16" />
          </div>
          <Skeleton className="hidden h-6 w-11 rounded-full! sm:block" />
          <Skeleton className="hidden size-9 sm:block" />
          <Skeleton className="hidden size-9 sm:block" />
        </li>
      ))}
    </ul>
  );
}

function PlanUsage({ count }: { count: number }) {
  const full = count >= FREE_PLAN_LINK_LIMIT;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <span>
        <span className="font-medium text-foreground tabular-nums">
          {count} of {FREE_PLAN_LINK_LIMIT}
        </span>{' '}
        links on the free plan{full ? ' (limit reached)' : ''}. Headers are free.
      </span>
      <Link
        to="/subscribe"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
      >
        <Crown className="size-3.5" aria-hidden="true" />
        Go unlimited with Premium
      </Link>
    </p>
  );
}

/** 'Your Links': add, switch on and off, reorder, open and delete the links of the page (spec §2). */
export function LinksCard({ isPremium, onLinksChanged }: LinksCardProps) {
  const { data: stored, isPending, isError, refetch, isRefetching } = useLinks();
  // Links deleted while their Undo runs are off the list already (pending-deletes.ts).
  const pendingDeletes = usePendingDeletes((state) => state.ids);
  const links = stored?.filter((link) => !pendingDeletes.has(link.id));
  const [adding, setAdding] = useState(false);
  // The header's 'Add Link' stays on the page whichever button opened the dialog (the empty state's goes once a
  // link is added), so focus comes back there.
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <Card role="region" aria-labelledby="links-card-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <Link2 className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 space-y-1">
              <CardTitle id="links-card-title">Your Links</CardTitle>
              <CardDescription>
                Drag the handle to reorder. Switch a link off to hide it from your page.
              </CardDescription>
            </div>
          </div>
          <ImportLinksButton onChanged={onLinksChanged} />
          <Button ref={addButton} onClick={() => setAdding(true)} className="w-full sm:w-auto">
            <Plus aria-hidden="true" /> Add Link
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {!isPremium && links ? <PlanUsage count={links.filter((link) => countsAsLink(link.kind)).length} /> : null}

        {isPending ? (
          <>
            <span className="sr-only" role="status">
              Loading your links
            </span>
            <LinkListSkeleton />
          </>
        ) : isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-10 text-center"
          >
            <p className="text-sm text-muted-foreground">We couldn't load your links.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : !links || links.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-input px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
              <Link2 className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-base font-semibold">No links yet</h3>
            <p className="mt-1 text-sm text-muted-foreground">Add your first link to get started</p>
            <Button className="mt-6" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> Add Your First Link
            </Button>
          </div>
        ) : (
          <SortableLinkList links={links} onChanged={onLinksChanged} isPremium={isPremium} />
        )}
      </CardContent>

      <AddLinkDialog
        open={adding}
        onOpenChange={setAdding}
        onChanged={onLinksChanged}
        isPremium={isPremium}
        returnFocusTo={addButton}
      />
    </Card>
  );
}
