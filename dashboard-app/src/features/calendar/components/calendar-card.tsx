import { CalendarCheck, RotateCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CalendarConnectionRequest, CalendarMessages, CALENDAR_LIMITS, type CalendarConnectionView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { validateWith } from '@/lib/validate';
import { viewerTimeLocale } from '@/lib/viewer-locale';
import { useCalendarConnection, useConnectCalendar, useDisconnectCalendar } from '../api/calendar-connection';

type Errors = Partial<Record<'url' | 'username' | 'password' | 'form', string>>;

const readTime = (iso: string) =>
  new Intl.DateTimeFormat(viewerTimeLocale(), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * Your calendar: the creator's own calendar over CalDAV (Fastmail, iCloud, Nextcloud…, with an app password).
 * Times it shows them busy are not offered to visitors; paid sessions may be added to it. The password is
 * write-only: never shown, kept when only the switch changes. The status says when it was last read and
 * what went wrong, if anything.
 */
export function CalendarCard({ className }: { className?: string }) {
  const connection = useCalendarConnection();
  return (
    <SettingsCard
      className={className}
      id="your-calendar"
      icon={CalendarCheck}
      title="Your calendar"
      description="Times your own calendar shows you busy are not offered to visitors. Works with CalDAV calendars (Fastmail, iCloud, Nextcloud…) and an app password."
    >
      {connection.isPending ? (
        <div role="status" aria-label="Loading your calendar" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : connection.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {messageOf(connection.error, 'Your calendar connection could not be loaded.')}
          </p>
          <Button type="button" variant="outline" onClick={() => void connection.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <CalendarForm connected={connection.data} />
      )}
    </SettingsCard>
  );
}

function CalendarStatus({ connected }: { connected: CalendarConnectionView }) {
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-muted-foreground">
        Connected{connected.lastReadAt ? `: last read ${readTime(connected.lastReadAt)}` : ', not read yet'}.
      </p>
      {connected.lastError ? (
        <Notice variant="error">
          <p>{connected.lastError}</p>
          <p>Until it can be read again, the busy times last read are used.</p>
        </Notice>
      ) : null}
    </div>
  );
}

function CalendarForm({ connected }: { connected: CalendarConnectionView | null }) {
  const connect = useConnectCalendar();
  const disconnect = useDisconnectCalendar();
  const switchId = useId();
  const [url, setUrl] = useState(connected?.url ?? '');
  const [username, setUsername] = useState(connected?.username ?? '');
  const [password, setPassword] = useState('');
  const [writeSessions, setWriteSessions] = useState(connected?.writeSessions ?? false);
  const [errors, setErrors] = useState<Errors>({});
  // The password kept on the server serves only the same address and user name.
  const passwordKept = connected !== null && connected.url === url.trim() && connected.username === username.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: CalendarConnectionRequest = { url: url.trim(), username: username.trim(), writeSessions, ...(password ? { password } : {}) };
    const found: Errors = validateWith(CalendarConnectionRequest, { ...request });
    if (!password && !passwordKept) found.password = CalendarMessages.password;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    connect.mutate(request, {
      onSuccess: () => {
        setPassword('');
        toast({ title: 'Calendar connected' });
      },
      onError: (failure) => setErrors({ form: messageOf(failure, 'Your calendar could not be connected. Please try again.') }),
    });
  };

  const remove = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setPassword('');
        setErrors({});
        toast({ title: CalendarMessages.disconnected });
      },
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to disconnect your calendar. Please try again.') }),
    });

  const busy = connect.isPending || disconnect.isPending;
  return (
    <form noValidate onSubmit={submit} aria-label="Your calendar" className="flex flex-col gap-4">
      {connected ? <CalendarStatus connected={connected} /> : null}
      <Field label="Calendar address" error={errors.url} hint="The CalDAV address of one calendar, from your provider’s settings (https://…).">
        <Input
          name="calendarUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={CALENDAR_LIMITS.url}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </Field>
      <Field label="User name" error={errors.username}>
        <Input name="calendarUsername" autoComplete="off" maxLength={CALENDAR_LIMITS.username} value={username} onChange={(event) => setUsername(event.target.value)} />
      </Field>
      <Field
        label="App password"
        error={errors.password}
        hint={passwordKept ? 'Kept from when you connected; type a new one to replace it.' : 'Make an app password for this in your calendar provider’s settings. It is never shown again.'}
      >
        <Input
          name="calendarPassword"
          type="password"
          autoComplete="new-password"
          maxLength={CALENDAR_LIMITS.password}
          value={password}
          placeholder={passwordKept ? '••••••••' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-muted/50 p-4">
        <div className="space-y-1">
          <Label htmlFor={switchId}>Add my sessions to this calendar</Label>
          <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
            Each paid session appears in it within a few minutes, and goes when it is cancelled.
          </p>
        </div>
        <Switch id={switchId} checked={writeSessions} onCheckedChange={setWriteSessions} aria-describedby={`${switchId}-hint`} />
      </div>
      {errors.form ? <Notice variant="error">{errors.form}</Notice> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {connected ? (
          <Button type="button" variant="outline" disabled={busy} onClick={remove}>
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {connect.isPending ? 'Connecting...' : connected ? 'Save' : 'Connect'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Google Calendar and Outlook need their own sign-in and cannot be connected yet.</p>
    </form>
  );
}
