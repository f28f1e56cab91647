import { SOCIAL_PLATFORM_NAMES, type SocialLink, type SocialPlatform } from '@linkbio/shared-contracts';
import type { ReactNode } from 'react';
import {
  siBluesky,
  siDiscord,
  siFacebook,
  siGithub,
  siInstagram,
  siMastodon,
  siPatreon,
  siPinterest,
  siSnapchat,
  siSoundcloud,
  siSpotify,
  siSubstack,
  siTelegram,
  siThreads,
  siTiktok,
  siTwitch,
  siWhatsapp,
  siX,
  siYoutube,
} from 'simple-icons';
import { Texts } from '../texts';
import { GlobeIcon, LinkedinIcon, MailIcon } from './icons';

/** A brand's mark from simple-icons (CC0): one filled path on a 24-unit grid, in the page's text colour. */
const brand = (icon: { path: string }) => () => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={icon.path} />
  </svg>
);

/**
 * Each platform's icon: simple-icons' marks, imported one by one so only these reach the server bundle and
 * only the ones a page uses reach its HTML. LinkedIn (no longer in simple-icons), e-mail and website are
 * lucide's outlines, drawn like the page's other icons (icons.tsx).
 */
const ICONS: Record<SocialPlatform, () => ReactNode> = {
  instagram: brand(siInstagram),
  tiktok: brand(siTiktok),
  youtube: brand(siYoutube),
  x: brand(siX),
  threads: brand(siThreads),
  facebook: brand(siFacebook),
  linkedin: () => <LinkedinIcon />,
  github: brand(siGithub),
  twitch: brand(siTwitch),
  spotify: brand(siSpotify),
  soundcloud: brand(siSoundcloud),
  bluesky: brand(siBluesky),
  mastodon: brand(siMastodon),
  pinterest: brand(siPinterest),
  snapchat: brand(siSnapchat),
  whatsapp: brand(siWhatsapp),
  telegram: brand(siTelegram),
  discord: brand(siDiscord),
  patreon: brand(siPatreon),
  substack: brand(siSubstack),
  email: () => <MailIcon />,
  website: () => <GlobeIcon />,
};

/** Only addresses the API stores (http(s), or mailto: for e-mail) are ever written into the page. */
const isSafeAddress = (link: SocialLink) =>
  link.platform === 'email' ? /^mailto:[^\s]+$/i.test(link.url) : /^https?:\/\/[^\s]+$/i.test(link.url);

/**
 * The creator's social icons: a row of anchors named after their platform (the icon alone is decorative), each
 * at least 44 px square, wrapping on a narrow phone. Profiles open in a new tab as the page's links do, marked
 * rel="me" (the creator's own profiles, as Mastodon verifies); e-mail opens the visitor's mail app.
 */
export function SocialIcons({ socials, position }: { socials: readonly SocialLink[]; position: 'top' | 'bottom' }) {
  const shown = socials.filter((link) => link.platform in ICONS && isSafeAddress(link));
  if (shown.length === 0) return null;
  return (
    <nav className={`socials s-${position}`} aria-label={Texts.socialsLabel}>
      <ul>
        {shown.map((link) => (
          <li key={link.platform}>
            {link.platform === 'email' ? (
              <a href={link.url} aria-label={SOCIAL_PLATFORM_NAMES[link.platform]}>
                {ICONS[link.platform]()}
              </a>
            ) : (
              <a
                href={link.url}
                target="_blank"
                rel="noopener me"
                aria-label={SOCIAL_PLATFORM_NAMES[link.platform]}
              >
                {ICONS[link.platform]()}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
