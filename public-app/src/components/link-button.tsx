import { linkKind, THUMBNAIL_DISPLAY_PX, type Attribution, type LinkKind, type PublicLinkView } from '@linkbio/shared-contracts';
import { withAttribution } from '../lib/attribution';
import type { ReactNode } from 'react';
import { Texts } from '../texts';
import { ArrowUpRightIcon, InstagramIcon, LinkedinIcon, LinkIcon, StoreIcon, XIcon, YoutubeIcon } from './icons';

const ICONS: Record<LinkKind, () => ReactNode> = {
  instagram: () => <InstagramIcon />,
  youtube: () => <YoutubeIcon />,
  twitter: () => <XIcon />,
  linkedin: () => <LinkedinIcon />,
  shop: () => <StoreIcon />,
  link: () => <LinkIcon />,
};

/**
 * One link of the page: a plain anchor to /go/{id}, which counts the click on the server and redirects, so
 * it works with JavaScript off. It opens in a new tab, as the spec's link buttons do. The visit's attribution
 * rides along in its query, for the click to be counted with it.
 */
export function LinkButton({ link, attribution }: { link: PublicLinkView; attribution?: Attribution | null }) {
  const kind = linkKind(link.url);
  return (
    <a className={`btn-link k-${kind}`} href={withAttribution(`/go/${link.id}`, attribution)} target="_blank" rel="noopener" data-kind={kind}>
      <span className="ico">{link.thumbnail ? <Thumbnail src={link.thumbnail} /> : ICONS[kind]()}</span>
      <span className="title">{link.title}</span>
      <ArrowUpRightIcon className="go" />
      <span className="sr"> {Texts.opensInNewTab}</span>
    </a>
  );
}

/** The link's own image in place of its family icon: decorative, as the title beside it names the link. */
function Thumbnail({ src }: { src: string }) {
  const size = THUMBNAIL_DISPLAY_PX;
  return <img className="thumb" src={src} width={size} height={size} alt="" loading="lazy" decoding="async" />;
}
