import { MailWarning } from 'lucide-react';
import { EmailMessages } from '@linkbio/shared-contracts';
import { isEmailUnverified, type WithEmailStatus } from '../email-status';
import { ResendLinkButton } from './resend-link-button';

/** On the dashboard while the account's e-mail address is not confirmed: why it matters, and a new link. */
export function UnverifiedEmailBanner({ user }: { user: WithEmailStatus }) {
  if (!isEmailUnverified(user)) return null;
  return (
    <section
      aria-label="Confirm your email address"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-medium">{EmailMessages.unverifiedBanner}</p>
          <p className="break-words text-amber-900">
            We sent the link to <span className="font-medium">{user.email}</span>.
          </p>
        </div>
      </div>
      <ResendLinkButton className="shrink-0 sm:max-w-xs" />
    </section>
  );
}
