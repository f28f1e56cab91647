import {
  BadgeCheck,
  CalendarClock,
  ChartColumn,
  Headphones,
  Infinity as InfinityIcon,
  Palette,
  type LucideIcon,
} from 'lucide-react';
import { FREE_PLAN_LINK_LIMIT } from '@linkbio/shared-contracts';

interface PremiumFeature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** Spec §2 and §6, with the details of decisions.md (Premium). */
const PREMIUM_FEATURES: PremiumFeature[] = [
  {
    title: `Unlimited links (vs ${FREE_PLAN_LINK_LIMIT} on free)`,
    description: 'Share everything you make, sell and love, with no cap on your page.',
    icon: InfinityIcon,
  },
  {
    title: 'Custom themes and branding',
    description: 'Any background colour you like, beyond the eight presets.',
    icon: Palette,
  },
  {
    title: 'Advanced analytics and insights',
    description: 'Daily trends, clicks per link, referrers and devices.',
    icon: ChartColumn,
  },
  {
    title: 'Priority customer support',
    description: 'Your questions go to the front of the line.',
    icon: Headphones,
  },
  {
    title: 'Removal of Linkbio branding',
    description: 'A clean page that is all about you.',
    icon: BadgeCheck,
  },
  {
    title: 'Custom link scheduling',
    description: 'Show a link only between the start and end times you choose.',
    icon: CalendarClock,
  },
];

export function PremiumFeatures() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {PREMIUM_FEATURES.map(({ title, description, icon: Icon }) => (
        <li key={title} className="flex gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="font-semibold leading-snug">{title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
