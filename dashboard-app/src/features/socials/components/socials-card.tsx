import { ArrowDown, ArrowUp, AtSign, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  SOCIAL_PLATFORM_EXAMPLES,
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  SOCIALS_MAX_COUNT,
  SocialMessages,
  socialUrl,
  type SocialLink,
  type SocialPlatform,
  type SocialPosition,
  type UserView,
} from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useUpdateSocials } from '../api/update-socials';

interface SocialsCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Social icons: the row of platform icons on the page. Add a platform with its address (or handle), checked
 * by the same rules as the server; remove or move one; pick where the row shows. Each change saves the whole
 * list at once, and a refusal shows the server's own message.
 */
export function SocialsCard({ user, onUserChange, className }: SocialsCardProps) {
  const save = useUpdateSocials(onUserChange);
  const socials = user.socials ?? [];
  const position = user.socialsPosition ?? 'top';
  // The position being saved shows at once; the answer (or a refusal) settles it.
  const shownPosition = save.isPending ? (save.variables?.position ?? position) : position;
  const unused = SOCIAL_PLATFORMS.filter((platform) => !socials.some((link) => link.platform === platform));
  const [platform, setPlatform] = useState<SocialPlatform>(unused[0] ?? 'website');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const chosen = unused.includes(platform) ? platform : (unused[0] ?? platform);
  const full = socials.length >= SOCIALS_MAX_COUNT || unused.length === 0;

  const store = (next: SocialLink[], nextPosition: SocialPosition, done?: () => void) =>
    save.mutate(
      { socials: next, position: nextPosition },
      {
        onSuccess: () => {
          done?.();
          toast({ title: 'Social icons saved' });
        },
        onError: (failure) => {
          const message = messageOf(failure, 'Failed to update social icons. Please try again.');
          setError(message);
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = socialUrl(chosen, address);
    if (url === null) {
      setError(SocialMessages.notPlatformAddress(chosen));
      return;
    }
    setError(undefined);
    store([...socials, { platform: chosen, url }], position, () => setAddress(''));
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...socials];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    store(next, position);
  };

  return (
    <SettingsCard
      // min-w-0: a long address or title truncates inside the card instead of widening the dashboard's grid.
      className={cn('min-w-0', className)}
      id="social-icons"
      icon={AtSign}
      title="Social icons"
      description="A row of icons linking to your profiles elsewhere."
    >
      <div className="flex flex-1 flex-col gap-4">
        {socials.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground">
            No social icons yet. Add your first profile below.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Your social icons">
            {socials.map((link, index) => (
              <li key={link.platform} className="flex items-center gap-2 p-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{SOCIAL_PLATFORM_NAMES[link.platform]}</p>
                  <p className="truncate text-xs text-muted-foreground">{link.url.replace(/^mailto:/, '')}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${SOCIAL_PLATFORM_NAMES[link.platform]} up`}
                  disabled={index === 0 || save.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${SOCIAL_PLATFORM_NAMES[link.platform]} down`}
                  disabled={index === socials.length - 1 || save.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${SOCIAL_PLATFORM_NAMES[link.platform]}`}
                  disabled={save.isPending}
                  onClick={() => store(socials.filter((_, at) => at !== index), position)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}

        {full ? (
          <p className="text-sm text-muted-foreground">You can show at most {SOCIALS_MAX_COUNT} social icons.</p>
        ) : (
          <form noValidate onSubmit={add} className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <Field label="Platform">
                <select
                  className={selectClass}
                  value={chosen}
                  onChange={(event) => {
                    setPlatform(event.target.value as SocialPlatform);
                    setError(undefined);
                  }}
                >
                  {unused.map((id) => (
                    <option key={id} value={id}>
                      {SOCIAL_PLATFORM_NAMES[id]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={chosen === 'email' ? 'E-mail address' : 'Address or handle'} error={error}>
                <Input
                  name="socialUrl"
                  type={chosen === 'email' ? 'email' : 'text'}
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={SOCIAL_PLATFORM_EXAMPLES[chosen]}
                  value={address}
                  onChange={(event) => setAddress(event.target.value)}
                />
              </Field>
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? 'Saving...' : 'Add icon'}
              </Button>
            </div>
          </form>
        )}

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Show the icons</legend>
          <div className="flex flex-wrap gap-4">
            {(['top', 'bottom'] as const).map((at) => (
              <label key={at} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="socialsPosition"
                  value={at}
                  checked={shownPosition === at}
                  disabled={save.isPending}
                  onChange={() => store(socials, at)}
                />
                {at === 'top' ? 'At the top, under your bio' : 'At the bottom of the page'}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </SettingsCard>
  );
}
