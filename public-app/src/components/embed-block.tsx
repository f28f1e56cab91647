import { EMBED_SERVICE_NAMES, embedOf, type PublicLinkView } from '@linkbio/shared-contracts';
import { Texts } from '../texts';
import { PlayIcon } from './icons';
import { LinkButton } from './link-button';

/**
 * An embed, click to load: until the visitor asks for the player the page holds only this facade (the title and
 * the service's name, nothing fetched from the service). It is a link to /go/{id}, which counts the click and
 * opens the service, so it works with JavaScript off; with it on, the page's small script (entry-embeds.ts)
 * puts the player in its place, at the address built here from the id alone, on the service's privacy host.
 */
export function EmbedBlock({ link }: { link: PublicLinkView }) {
  const player = embedOf(link.url);
  // Every stored embed has a player; a link to the service is what a visitor gets otherwise.
  if (!player) return <LinkButton link={link} />;
  const service = EMBED_SERVICE_NAMES[player.service];
  return (
    <a
      className={`btn-link embed s-${player.service}`}
      href={`/go/${link.id}`}
      target="_blank"
      rel="noopener"
      data-player={player.playerUrl}
      data-shape={player.shape}
      data-frame-title={Texts.playerTitle(link.title, service)}
    >
      <span className="ico">
        <PlayIcon />
      </span>
      <span className="title">
        {link.title}
        <span className="svc">{Texts.embedService(service)}</span>
      </span>
    </a>
  );
}
