import { Check, Copy, ExternalLink, Eye, Globe } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { UserView } from '@linkbio/shared-contracts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { useAnalytics } from '../api/get-analytics';
import { openPublicPage } from '../lib/navigate';

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

function CopyAddressButton({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(`${window.location.protocol}//${address}`).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Tooltip content={copied ? 'Copied!' : 'Copy address'}>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? 'Address copied' : 'Copy your page address'}
        className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {copied ? (
          <Check className="size-4 text-success" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
      </button>
    </Tooltip>
  );
}

/**
 * Display name, public address, count of active links, Preview and Visit (spec §2). `actions`: more buttons
 * before Preview, from other features (the QR code).
 */
export function DashboardHeader({ user, actions }: { user: UserView; actions?: ReactNode }) {
  const analytics = useAnalytics();
  const address = `${window.location.host}/${user.username}`;
  const path = `/${user.username}`;

  return (
    <section
      className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="dashboard-title"
    >
      <div className="flex min-w-0 items-center gap-4">
        <Avatar src={user.avatar} name={user.displayName} className="size-14 text-xl ring-4 ring-accent sm:size-16" />
        <div className="min-w-0">
          <h1 id="dashboard-title" className="truncate text-2xl font-bold tracking-tight sm:text-3xl">
            {user.displayName}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex min-w-0 max-w-full items-center gap-1">
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Your page: </span>
              <span className="truncate font-medium text-foreground" data-testid="public-address">
                {address}
              </span>
              <CopyAddressButton address={address} />
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="active-links">
              <span className="size-2 rounded-full bg-success" aria-hidden="true" />
              {analytics.data ? (
                plural(analytics.data.activeLinks, 'active link')
              ) : analytics.isError ? (
                'Active links unavailable'
              ) : (
                <>
                  <span className="sr-only">Loading active links</span>
                  <Skeleton className="h-4 w-24" />
                </>
              )}
            </span>
          </div>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
        {actions}
        <Button variant="outline" onClick={() => openPublicPage(path)}>
          <Eye aria-hidden="true" /> Preview
        </Button>
        <Button asChild>
          <a href={path} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" /> Visit
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
