import { ArrowRight } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { sanitizeUsernameInput } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { claimPath } from '../claim-path';

/**
 * The site's address before the box. The landing page rendered ahead of time has no address to show yet:
 * it carries this marker, which the server replaces with the address the visitor asked for.
 */
export const SITE_HOST_MARKER = '%SITE_HOST%';
const siteHost = () => (typeof window === 'undefined' ? SITE_HOST_MARKER : window.location.host);

interface ClaimBoxProps {
  /** The submit button's text: 'Claim Your Link' in the hero, 'Create Your Page' in the closing call to action. */
  submitLabel: string;
  className?: string;
}

/**
 * The username claim box: the site's address, then the username, lowercased with anything but a-z, 0-9 and
 * hyphen removed as the visitor types. A plain form too (GET /auth?username=…), so the landing page rendered
 * ahead of time works before any script runs (see static-landing.ts).
 */
export function ClaimBox({ submitLabel, className }: ClaimBoxProps) {
  const [username, setUsername] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const host = siteHost();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(claimPath(username));
  };

  return (
    <form
      action="/auth"
      method="get"
      onSubmit={submit}
      data-claim-box=""
      className={cn(
        'flex w-full max-w-xl flex-col gap-2 rounded-2xl bg-background p-2 shadow-lg ring-1 ring-slate-900/10 sm:flex-row sm:items-center',
        className,
      )}
    >
      <label htmlFor={inputId} className="sr-only">
        Choose your username
      </label>
      {/* A click on the address prefix puts the caret in the box, as if it were one field. */}
      <div
        onClick={() => inputRef.current?.focus()}
        className={cn(
          'flex h-12 min-w-0 cursor-text items-center rounded-xl bg-muted px-4 text-base sm:flex-1',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
        )}
      >
        <span aria-hidden="true" data-site-host="" className="max-w-[60%] shrink-0 truncate text-muted-foreground">
          {host}/
        </span>
        <input
          ref={inputRef}
          id={inputId}
          name="username"
          value={username}
          onChange={(event) => setUsername(sanitizeUsernameInput(event.target.value))}
          placeholder="yourname"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          className="h-full min-w-0 flex-1 bg-transparent font-medium text-foreground outline-none placeholder:font-normal placeholder:text-slate-500 focus-visible:outline-none"
        />
      </div>
      <Button type="submit" size="lg" className="rounded-xl">
        {submitLabel}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
