import { schedulePhaseAt, type LinkBlockKind, type PublicProductView, type PublicSubscribeBlock, type PublicTipsView, type PublicUserView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';

/**
 * The read model of a public page: what /{username}, /book/{username} and GET /api/users/{username} show,
 * read in one query and kept by the page cache until the creator's page version moves on.
 */

/** An active link of the page, with its schedule (Premium): shown only from its start until its end. */
export interface PageLink {
  id: Id;
  /** A header has no destination (url ''): /go and the click call answer for it as for an unknown link. */
  kind: LinkBlockKind;
  title: string;
  url: string;
  order: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The link's square thumbnail; null: its family icon. */
  thumbnail: string | null;
}

export interface PublicPage {
  ownerId: Id;
  /** Moves on with every write that can change the page (the users.page_version column). */
  version: string;
  /** What visitors see of the creator: the look the page shows, not every value saved. */
  user: PublicUserView;
  /** The active links in display order, scheduled ones included whether or not they show right now. */
  links: readonly PageLink[];
  /** The support block (tips, issue 27): shown when enabled. */
  tips: PublicTipsView;
  /**
   * The creator's products that can be sold (visible, with something to deliver), in their order (issue 27);
   * never what they deliver. Absent where a source knows no products (the in-memory fakes).
   */
  products?: readonly PublicProductView[];
  /** The e-mail list's subscribe block (issue 27), while the creator has it on. */
  subscribe?: PublicSubscribeBlock | null;
  /**
   * Set when the page was found by a username its owner gave up lately (username_holds), not by their current
   * one (`user.username`): that address forwards to the current one until this instant, then answers as a name
   * nobody has. Kept per page version like the rest, as a write to the hold moves the owner's version on.
   */
  forwardsUntil?: Date;
}

/** Whether a page found by an address its owner gave up forwards from it at `now`. */
export const forwardsAt = (page: { forwardsUntil?: Date }, now: number): boolean =>
  page.forwardsUntil !== undefined && page.forwardsUntil.getTime() > now;

/** Where /go/{id} and the click call lead, and whether the link's page shows it. */
export interface LinkTarget {
  id: Id;
  ownerId: Id;
  url: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Scheduling applies while the creator is premium; when it ends the saved bounds are kept but ignored. */
  schedulingApplies: boolean;
  /** The owner's page version when this was read. */
  version: string;
}

const hasSchedule = (link: { startsAt: Date | null; endsAt: Date | null }) => link.startsAt !== null || link.endsAt !== null;

/** Whether a link with these bounds shows at `now` (start inclusive, end exclusive) when scheduling applies. */
export function isShownAt(link: { startsAt: Date | null; endsAt: Date | null }, now: Date, schedulingApplies: boolean): boolean {
  return !schedulingApplies || !hasSchedule(link) || schedulePhaseAt(link, now) === 'live';
}

/**
 * The links the page shows at `now`. Without a schedule that applies, the page's own list (the same array,
 * so a rendering of it can be reused as is); otherwise the links within their window.
 */
export function linksShownAt(page: PublicPage, now: Date): readonly PageLink[] {
  if (!page.user.isPremium || !page.links.some(hasSchedule)) return page.links;
  return page.links.filter((link) => isShownAt(link, now, true));
}

/** Tips as a page shows them before the creator sets any: off, $3, $5 and $10 (the columns' defaults). */
export const DEFAULT_TIPS: PublicTipsView = { enabled: false, presets: [300, 500, 1000], message: null };
