import type { PublicSubscribeBlock } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

/**
 * The e-mail list's block (issue 27): a plain form posting to /list/join/{username}, which answers with a page,
 * so it works without JavaScript; with it, entry-subscribe.ts posts the same address with fetch and shows the
 * answer in the status line.
 */
export function SubscribeBlock({ block, username }: { block: PublicSubscribeBlock; username: string }) {
  return (
    <form className="subscribe" method="post" action={`/list/join/${username}`} data-subscribe={username}>
      <h2 className="block-header">{block.title}</h2>
      <div className="sub-row">
        <input type="email" name="email" required maxLength={254} autoComplete="email" placeholder={Texts.subscribeEmail} aria-label={Texts.subscribeEmail} />
        <button type="submit">{Texts.subscribe}</button>
      </div>
      <p className="sub-msg" role="status" />
    </form>
  );
}
