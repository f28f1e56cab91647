import { LoadFailed } from '@/components/ui/load-failed';
import { Download, Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SubscriberView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/settings-card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useRemoveSubscriber, useSaveBlock, useSubscribers } from '../api/email-list';
import { BroadcastForm } from './broadcast-form';

const STATUS_TEXT: Record<SubscriberView['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/**
 * E-mail list: the page's subscribe block on or off, the subscribers (who confirmed, who has not yet, who left)
 * with removal and the CSV, and for Premium the announcement form.
 */
export function EmailListCard({ isPremium, className }: { isPremium: boolean; className?: string }) {
  const subscribers = useSubscribers();
  const saveBlock = useSaveBlock();
  const remove = useRemoveSubscriber();
  const [removing, setRemoving] = useState<SubscriberView | null>(null);
  const pages = subscribers.data?.pages ?? [];
  const list = pages.flatMap((page) => page.subscribers);
  const first = pages[0];
  const enabled = first?.settings.enabled ?? false;

  const toggle = (next: boolean) =>
    saveBlock.mutate(
      { enabled: next, title: first?.settings.title ?? null },
      {
        onSuccess: () => toast({ title: next ? 'Subscribe block on your page' : 'Subscribe block hidden' }),
        onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to save. Please try again.') }),
      },
    );
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast({ title: 'Subscriber removed' });
      },
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to remove. Please try again.') }),
    });
  };

  return (
    <SettingsCard id="email-list-card" icon={Mail} title="E-mail list" description="Visitors join from your page and confirm by e-mail. The list is yours." className={className}>
      <div className="space-y-5">
        {subscribers.isPending ? (
          <div role="status" aria-label="Loading subscribers" className="space-y-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        ) : subscribers.isError ? (
          <LoadFailed what="your subscribers" onRetry={() => void subscribers.refetch()} />
        ) : (
          <>
            <div className="flex items-center justify-between gap-3">
              <Label htmlFor="subscribe-block-switch">Show a subscribe block on my page</Label>
              <Switch id="subscribe-block-switch" checked={enabled} disabled={saveBlock.isPending} onCheckedChange={toggle} />
            </div>
            {list.length === 0 ? (
              <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center">
                <p className="font-medium">No subscribers yet</p>
                <p className="mt-1 text-sm text-muted-foreground">When visitors join your list from your page, they show up here.</p>
              </div>
            ) : (
              <section aria-labelledby="subscribers-title" className="space-y-2">
                <div className="flex items-center justify-between gap-3">
                  <h3 id="subscribers-title" className="text-sm font-semibold">
                    {first?.confirmedCount ?? 0} confirmed
                  </h3>
                  <Button asChild variant="outline" size="sm">
                    <a href="/api/subscribers.csv" download>
                      <Download aria-hidden="true" /> Download CSV
                    </a>
                  </Button>
                </div>
                <ul aria-label="Subscribers" className="divide-y divide-border rounded-lg border border-border text-sm">
                  {list.map((s) => (
                    <li key={s.id} className="flex items-center justify-between gap-3 p-3">
                      <div className="min-w-0">
                        <p className="truncate font-medium">{s.email}</p>
                        <p className="text-xs text-muted-foreground">{STATUS_TEXT[s.status]}</p>
                      </div>
                      <Button variant="ghost" size="icon" aria-label={`Remove ${s.email}`} onClick={() => setRemoving(s)}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
                {subscribers.hasNextPage ? (
                  <Button variant="outline" disabled={subscribers.isFetchingNextPage} onClick={() => void subscribers.fetchNextPage()}>
                    {subscribers.isFetchingNextPage ? 'Loading...' : 'Show more'}
                  </Button>
                ) : null}
              </section>
            )}
            <BroadcastForm isPremium={isPremium} confirmedCount={first?.confirmedCount ?? 0} />
          </>
        )}
      </div>
      <Dialog open={removing !== null} onOpenChange={(open) => (remove.isPending || open ? undefined : setRemoving(null))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Remove this subscriber?</DialogTitle>
            <DialogDescription>{removing ? `${removing.email} is taken off your list and gets no more announcements.` : null}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Keep
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirmRemove} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
