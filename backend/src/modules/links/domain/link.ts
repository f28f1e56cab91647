import {
  BlockMessages,
  EMBED_SERVICE_NAMES,
  FREE_PLAN_LINK_LIMIT,
  Messages,
  embedOf,
  normalizeHttpUrl,
  type LinkBlockKind,
} from '@linkbio/shared-contracts';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import { newId, type Id } from '../../../shared/ids.js';
import { rescheduled, type ScheduleChange } from './link-schedule.js';

/** A creator as the links module knows them: who they are and whether they are premium now. */
export interface LinkOwner {
  id: Id;
  isPremium: boolean;
}

/** Whether the creator may set a schedule; without it, setting one is refused as on the free plan. */
export type LinkPlan = Pick<LinkOwner, 'isPremium'>;

const FREE: LinkPlan = { isPremium: false };

export interface NewLink extends ScheduleChange {
  /** 'link' when left out. */
  kind?: LinkBlockKind;
  /** Required, except on an embed (the service's name when left out or blank). */
  title?: string;
  /** Required, except on a header, which has none. */
  url?: string;
  order?: number;
}

export interface LinkChange extends ScheduleChange {
  title?: string;
  url?: string;
  isActive?: boolean;
  order?: number;
}

/**
 * One block of a creator's public page: a link button, a header (a section title; its url is '') or an embed
 * (a player of a YouTube, Vimeo, Spotify or SoundCloud URL). The kind is set when it is made and never changes.
 */
export class Link {
  id: Id;
  ownerId: Id;
  kind: LinkBlockKind = 'link';
  title: string;
  url: string;
  isActive = true;
  order = 0;
  /** Scheduling (Premium): shown from startsAt (inclusive) until endsAt (exclusive); null: no bound. */
  startsAt: Date | null = null;
  endsAt: Date | null = null;
  createdAt: Date;
  updatedAt: Date;
  /** Public address of the link's square thumbnail (stored by the media module); null: the family icon. */
  thumbnail: string | null = null;

  static create(ownerId: Id, data: NewLink, now: Date, plan: LinkPlan = FREE): Link {
    const kind = data.kind ?? 'link';
    const url = checkUrlOf(kind, data.url);
    const title = kind === 'embed' && !data.title?.trim() ? EMBED_SERVICE_NAMES[embedOf(url)!.service] : checkTitle(data.title);
    const schedule = rescheduled({ startsAt: null, endsAt: null }, data, now, plan.isPremium);
    const link = new Link();
    link.id = newId();
    link.ownerId = ownerId;
    link.kind = kind;
    link.title = title;
    link.url = url;
    link.order = data.order ?? 0;
    link.startsAt = schedule.startsAt;
    link.endsAt = schedule.endsAt;
    link.createdAt = now;
    link.updatedAt = now;
    return link;
  }

  /** Checks everything before changing anything: a refused change leaves the link as it was. */
  change(data: LinkChange, now: Date, plan: LinkPlan = FREE): void {
    const title = data.title === undefined ? this.title : checkTitle(data.title);
    const url = data.url === undefined ? this.url : checkUrlOf(this.kind, data.url);
    const schedule = rescheduled(this, data, now, plan.isPremium);
    this.title = title;
    this.url = url;
    this.startsAt = schedule.startsAt;
    this.endsAt = schedule.endsAt;
    if (data.isActive !== undefined) this.isActive = data.isActive;
    if (data.order !== undefined) this.order = data.order;
    this.updatedAt = now;
  }
}

function checkTitle(title: string | undefined): string {
  const trimmed = typeof title === 'string' ? title.trim() : '';
  if (trimmed.length === 0) throw invalid(Messages.titleRequired);
  // Characters as PostgreSQL's varchar(100) counts them (code points), so an emoji counts once.
  if ([...trimmed].length > 100) throw invalid(Messages.titleTooLong);
  return trimmed;
}

function checkUrl(url: string | undefined): string {
  const normalized = typeof url === 'string' ? normalizeHttpUrl(url) : null;
  if (normalized === null) throw invalid(Messages.invalidUrl);
  return normalized;
}

/** A header has no URL (''); an embed's must be one of the services' (a video, track, playlist…). */
function checkUrlOf(kind: LinkBlockKind, url: string | undefined): string {
  if (kind === 'header') {
    if (url !== undefined && url !== null && url !== '') throw invalid(BlockMessages.headerHasNoUrl);
    return '';
  }
  const checked = checkUrl(url);
  if (kind === 'embed' && embedOf(checked) === null) throw invalid(BlockMessages.unsupportedEmbed);
  return checked;
}

/** How many links a creator may hold: five on the free plan, no limit on Premium. */
export const linkLimitFor = (isPremium: boolean): number | null => (isPremium ? null : FREE_PLAN_LINK_LIMIT);

export const linkLimitReached = () => forbidden(Messages.freePlanLinkLimit);

/** Order ascending, ties broken by newest first (decisions.md), so a new link with order 0 comes first. */
export function compareLinks(a: Link, b: Link): number {
  return a.order - b.order || b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
}
