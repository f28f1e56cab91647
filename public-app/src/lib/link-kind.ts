/** Which family a link belongs to, chosen from its host (spec §2: the same rule as the dashboard's link rows). */
export type LinkKind = 'instagram' | 'youtube' | 'twitter' | 'linkedin' | 'shop' | 'link';

const isDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function linkKind(url: string): LinkKind {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    host = url.toLowerCase();
  }
  if (host.includes('instagram') || isDomain(host, 'instagr.am')) return 'instagram';
  if (host.includes('youtube') || isDomain(host, 'youtu.be')) return 'youtube';
  if (host.includes('twitter') || isDomain(host, 'x.com')) return 'twitter';
  if (host.includes('linkedin') || isDomain(host, 'lnkd.in')) return 'linkedin';
  if (host.includes('shop') || host.includes('store')) return 'shop';
  return 'link';
}
