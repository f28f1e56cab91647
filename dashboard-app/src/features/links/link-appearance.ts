/** Which family a link belongs to, chosen from its host (spec §2, link row). */
export type LinkKind = 'instagram' | 'youtube' | 'twitter' | 'linkedin' | 'shop' | 'link';

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

/** The host name of a link (`www.youtube.com`), or null when the text is not a URL. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(url.trim()).hostname;
    return host || null;
  } catch {
    return null;
  }
}

/** What a link row shows under the title: the host name, or the raw url when it cannot be parsed. */
export function linkSubtitle(url: string): string {
  return hostOf(url) ?? url;
}

const isDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The family of a link: by host, or by the raw text when it is not a URL. */
export function linkKind(url: string): LinkKind {
  const host = (hostOf(url) ?? url).toLowerCase();
  if (host.includes('instagram') || isDomain(host, 'instagr.am')) return 'instagram';
  if (host.includes('youtube') || isDomain(host, 'youtu.be')) return 'youtube';
  if (host.includes('twitter') || isDomain(host, 'x.com')) return 'twitter';
  if (host.includes('linkedin') || isDomain(host, 'lnkd.in')) return 'linkedin';
  if (host.includes('shop') || host.includes('store')) return 'shop';
  return 'link';
}

/** Icon family, label and colours of a link, chosen from its host. */
export function linkAppearance(url: string): LinkAppearance {
  const kind = linkKind(url);
  return { kind, ...APPEARANCES[kind] };
}
