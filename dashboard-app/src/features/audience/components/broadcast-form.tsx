import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AudienceMessages, BROADCAST_BODY_MAX_LENGTH, BROADCAST_SUBJECT_MAX_LENGTH } from '@linkbio/shared-contracts';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useBroadcasts, useSendBroadcast } from '../api/email-list';

/**
 * Premium: a plain-text announcement to the confirmed subscribers (one a day), asked for again before it goes;
 * the broadcasts sent, with how many they reached. Free creators see the upgrade notice instead.
 */
export function BroadcastForm({ isPremium, confirmedCount }: { isPremium: boolean; confirmedCount: number }) {
  const broadcasts = useBroadcasts(isPremium);
  const send = useSendBroadcast();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ subject?: string; body?: string }>({});
  const [confirming, setConfirming] = useState(false);
  if (!isPremium) return <UpgradeNotice message={AudienceMessages.premiumOnly} />;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      subject: subject.trim() ? undefined : AudienceMessages.subjectRequired,
      body: body.trim() ? undefined : AudienceMessages.bodyRequired,
    };
    setError(next);
    if (!next.subject && !next.body) setConfirming(true);
  };
  const confirm = () =>
    send.mutate(
      { subject: subject.trim(), body: body.trim() },
      {
        onSuccess: ({ broadcast }) => {
          setConfirming(false);
          setSubject('');
          setBody('');
          toast({ title: 'Announcement on its way', description: `Sending to ${broadcast.recipientCount} subscribers.` });
        },
        onError: (failure) => {
          setConfirming(false);
          toast({ variant: 'destructive', title: 'Not sent', description: messageOf(failure, 'Failed to send. Please try again.') });
        },
      },
    );

  return (
    <section aria-labelledby="broadcast-title" className="space-y-3">
      <h3 id="broadcast-title" className="text-sm font-semibold">
        Send an announcement
      </h3>
      <form onSubmit={ask} className="space-y-3" noValidate>
        <Field label="Subject" error={error.subject}>
          <Input value={subject} maxLength={BROADCAST_SUBJECT_MAX_LENGTH} onChange={(e) => setSubject(e.target.value)} />
        </Field>
        <Field label="Message" error={error.body} hint="Plain text. An unsubscribe link is added to every e-mail.">
          <Textarea value={body} rows={5} maxLength={BROADCAST_BODY_MAX_LENGTH} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Button type="submit" disabled={confirmedCount === 0 || send.isPending}>
          <Send aria-hidden="true" /> Send to {confirmedCount} subscriber{confirmedCount === 1 ? '' : 's'}
        </Button>
      </form>
      {broadcasts.data && broadcasts.data.broadcasts.length > 0 ? (
        <ul aria-label="Announcements sent" className="divide-y divide-border rounded-lg border border-border text-sm">
          {broadcasts.data.broadcasts.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-3 p-3">
              <span className="min-w-0 truncate font-medium">{b.subject}</span>
              <span className="shrink-0 text-muted-foreground">
                {b.status === 'sent' ? `Sent to ${b.sentCount}` : `Sending: ${b.sentCount} of ${b.recipientCount}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={confirming} onOpenChange={(open) => (send.isPending ? undefined : setConfirming(open))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Send this announcement?</DialogTitle>
            <DialogDescription>
              “{subject.trim()}” goes to {confirmedCount} confirmed subscriber{confirmedCount === 1 ? '' : 's'}. You can send one a day.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={send.isPending}>
                Keep editing
              </Button>
            </DialogClose>
            <Button onClick={confirm} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send now'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
