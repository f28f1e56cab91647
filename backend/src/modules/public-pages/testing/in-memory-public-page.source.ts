import { createHash } from 'node:crypto';
import type { PublicTipsView } from '@linkbio/shared-contracts';
import { isId, type Id } from '../../../shared/ids.js';
import type { User } from '../../identity/domain/user.js';
import { toPublicUserView } from '../../identity/http/user.views.js';
import type { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import type { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { PublicPageSource } from '../application/ports/public-page.source.js';
import { DEFAULT_TIPS, type LinkTarget, type PageLink, type PublicPage } from '../domain/public-page.js';
import type { VersionedPageStore } from '../infrastructure/cached-public-page.source.js';

/**
 * PostgresPublicPageSource over the identity and links fakes: every call reads the creator and their links as
 * they are now. A page's version is a fingerprint of the creator's whole row, all their links (inactive
 * ones too) and the writes to the usernames they hold, so it moves on with any change to either, as the
 * database's triggers move users.page_version on; a test never has to remember to bump it. A name nobody has but an account holds
 * answers that account's page with `forwardsUntil`, ended or not (the database leaves ended ones out by its
 * own clock; the use case judges them by the test's).
 *
 * For the cache's specs: `failing` makes every call reject (the database is away), `stalled` makes every
 * call never settle (the database hangs); `pageQueries` and `versionQueries` count what was asked.
 */
export class InMemoryPublicPageSource extends PublicPageSource implements VersionedPageStore {
  failing = false;
  stalled = false;
  pageQueries = 0;
  versionQueries = 0;
  private readonly removed = new Set<Id>();

  constructor(
    private readonly users: InMemoryUserRepository,
    private readonly links: InMemoryLinkRepository,
  ) {
    super();
  }

  /**
   * Matches the username exactly, as the query's lower(username) = $1 does: callers pass it in lower case.
   * Rejects a NUL character, as PostgreSQL does in a text parameter.
   */
  async page(username: string): Promise<PublicPage | null> {
    this.pageQueries += 1;
    await this.reachable();
    if (username.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const user = await this.users.findByUsername(username);
    if (user && !this.removed.has(user.id) && !user.deletedAt && user.username.toLowerCase() === username) return this.pageOf(user);
    if (user) return null;
    const hold = await this.users.findHold(username);
    const holder = hold && (await this.owner(hold.userId));
    // A deleted account's holds keep its names from others and forward nowhere.
    if (!hold || !holder || holder.deletedAt) return null;
    return { ...(await this.pageOf(holder)), forwardsUntil: hold.heldUntil };
  }

  private async pageOf(user: User): Promise<PublicPage> {
    const owned = await this.links.listForOwner(user.id);
    const links: PageLink[] = owned
      .filter((link) => link.isActive)
      .map(({ id, kind, title, url, order, startsAt, endsAt, thumbnail }) => ({ id, kind, title, url, order, startsAt, endsAt, thumbnail }));
    const tips = this.tips.get(user.id) ?? DEFAULT_TIPS;
    return { ownerId: user.id, version: await this.versionOf(user.id), user: toPublicUserView(user), links, tips };
  }

  /** The creator's tip settings, as users.tips_enabled, tip_presets and tip_message hold them. */
  private readonly tips = new Map<Id, PublicTipsView>();

  setTips(userId: Id, tips: PublicTipsView): void {
    this.tips.set(userId, tips);
  }

  /** Rejects an id that is not a UUID, as PostgreSQL does for a uuid parameter. */
  async link(id: Id): Promise<LinkTarget | null> {
    await this.reachable();
    if (!isId(id)) throw new Error(`invalid input syntax for type uuid: "${id}"`);
    const link = await this.links.findById(id);
    // A header has no destination: not found, as the query's kind <> 'header' leaves it out.
    if (!link || !link.isActive || link.kind === 'header') return null;
    const owner = await this.owner(link.ownerId);
    if (!owner) return null;
    const { url, startsAt, endsAt } = link;
    return {
      id: link.id,
      ownerId: link.ownerId,
      url,
      startsAt,
      endsAt,
      schedulingApplies: owner.isPremium,
      version: await this.versionOf(link.ownerId),
    };
  }

  async versions(ownerIds: Id[]): Promise<Map<Id, string>> {
    this.versionQueries += 1;
    await this.reachable();
    const versions = new Map<Id, string>();
    for (const id of ownerIds) {
      if (await this.owner(id)) versions.set(id, await this.versionOf(id));
    }
    return versions;
  }

  /** What deleting the creator's account does: their row and, by the cascade, their links are gone. */
  removeCreator(ownerId: Id): void {
    this.removed.add(ownerId);
  }

  private async owner(id: Id) {
    return this.removed.has(id) ? null : this.users.findById(id);
  }

  private async versionOf(ownerId: Id): Promise<string> {
    const [user, links] = await Promise.all([this.users.findById(ownerId), this.links.listForOwner(ownerId)]);
    const holds = this.users.holdVersion(ownerId);
    return createHash('sha1').update(JSON.stringify({ user, links, holds })).digest('base64url');
  }

  private reachable(): Promise<void> {
    if (this.stalled) return new Promise<never>(() => undefined);
    if (this.failing) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    return Promise.resolve();
  }
}
