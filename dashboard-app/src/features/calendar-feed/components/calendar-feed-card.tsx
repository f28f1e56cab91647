import { CalendarSync, Check, Copy, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { CalendarFeedMessages } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { ReplaceCalendarFeedDialog } from './replace-calendar-feed-dialog';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The creator's private calendar feed: its address to subscribe to from a calendar app, copied in one click,
 * and its replacement (after a confirmation: the old address stops working at once).
 */
export function CalendarFeedCard({ className }: { className?: string }) {
  const feed = useCalendarFeed();
  const [copy, setCopy] = useState<CopyState>('idle');
  const [replacing, setReplacing] = useState(false);
  const [replaced, setReplaced] = useState(false);
  const replaceRef = useRef<HTMLButtonElement>(null);

  const copyAddress = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  const body = () => {
    if (feed.isPending) {
      return (
        <div role="status" aria-label={CalendarFeedMessages.loading} className="space-y-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-10 w-full" />
        </div>
      );
    }
    if (feed.isError) {
      return (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-muted-foreground">
            {CalendarFeedMessages.loadFailed}
          </p>
          <Button variant="outline" onClick={() => void feed.refetch()}>
            <RefreshCw aria-hidden="true" />
            {CalendarFeedMessages.retry}
          </Button>
        </div>
      );
    }
    const { url } = feed.data;
    return (
      <div className="flex flex-1 flex-col gap-4">
        <p className="text-sm text-muted-foreground">{CalendarFeedMessages.explanation}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <Field label={CalendarFeedMessages.addressLabel}>
              <Input
                readOnly
                value={url}
                spellCheck={false}
                className="font-mono"
                onFocus={(event) => event.currentTarget.select()}
              />
            </Field>
          </div>
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => void copyAddress(url)}>
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {CalendarFeedMessages.copy}
          </Button>
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-success">
          {copy === 'copied' ? CalendarFeedMessages.copied : ''}
        </p>
        {copy === 'failed' ? <Notice variant="error">{CalendarFeedMessages.copyFailed}</Notice> : null}
        {replaced ? <Notice variant="success">{CalendarFeedMessages.replaced}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button
            ref={replaceRef}
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => {
              setReplaced(false);
              setReplacing(true);
            }}
          >
            {CalendarFeedMessages.replace}
          </Button>
        </div>
        <ReplaceCalendarFeedDialog
          open={replacing}
          onOpenChange={setReplacing}
          returnFocusTo={replaceRef}
          onReplaced={() => {
            setCopy('idle');
            setReplaced(true);
          }}
        />
      </div>
    );
  };

  return (
    <SettingsCard
      id="calendar-feed"
      icon={CalendarSync}
      title={CalendarFeedMessages.title}
      description={CalendarFeedMessages.description}
      className={className}
    >
      {body()}
    </SettingsCard>
  );
}
