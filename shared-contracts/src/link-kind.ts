/** Which family a link belongs to, chosen from its host: its icon and colour on every screen (spec §2). */
export type LinkKind = 'instagram' | 'youtube' | 'twitter' | 'linkedin' | 'shop' | 'link';

/** The host name of a link (`www.youtube.com`), or null when the text is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url.trim()).hostname || null;
  } catch {
    return null;
  }
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
