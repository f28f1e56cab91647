import { hostOf, linkKind, type LinkKind } from '@linkbio/shared-contracts';

export interface LinkAppearance {
  kind: LinkKind;
  /** What the icon stands for, for people who cannot see it. */
  label: string;
  /** Background and foreground of the icon tile. */
  className: string;
}

const APPEARANCES: Record<LinkKind, Omit<LinkAppearance, 'kind'>> = {
  instagram: { label: 'Instagram', className: 'bg-pink-100 text-pink-700' },
  youtube: { label: 'YouTube', className: 'bg-red-100 text-red-700' },
  twitter: { label: 'X (Twitter)', className: 'bg-slate-900 text-white' },
  linkedin: { label: 'LinkedIn', className: 'bg-sky-100 text-sky-800' },
  shop: { label: 'Shop', className: 'bg-emerald-100 text-emerald-700' },
  link: { label: 'Link', className: 'bg-accent text-primary' },
};

/** What a link row shows under the title: the host name, or the raw url when it cannot be parsed. */
export function linkSubtitle(url: string): string {
  return hostOf(url) ?? url;
}

/** Icon family, label and colours of a link, chosen from its host. */
export function linkAppearance(url: string): LinkAppearance {
  const kind = linkKind(url);
  return { kind, ...APPEARANCES[kind] };
}
