import { Logger } from '@nestjs/common';
import { unavailable } from '../../../shared/domain-error.js';
import { GroupedReads } from '../../../shared/grouped-reads.js';
import type { Id } from '../../../shared/ids.js';
import { within } from '../../../shared/within.js';
import { PAGES_RETRY_AFTER_SECONDS, PAGES_UNAVAILABLE_MESSAGE, PublicPageSource } from '../application/ports/public-page.source.js';
import { forwardsAt, type LinkTarget, type PublicPage } from '../domain/public-page.js';

/** A store of the pages that also answers the current version of many pages at once. */
export interface VersionedPageStore {
  page(username: string): Promise<PublicPage | null>;
  link(id: Id): Promise<LinkTarget | null>;
  /** The current page version of each owner; owners that no longer exist are absent. */
  versions(ownerIds: Id[]): Promise<Map<Id, string>>;
}

export interface PageCacheOptions {
  /** Pages and links kept; the least recently read goes first. */
  maxPages: number;
  maxLinks: number;
  /** How long a request waits for the version check before it is answered from the cache. */
  checkWaitMs: number;
  /** How long a request waits for a page not in the cache before it gets 503. */
  loadWaitMs: number;
  /** After a failure, how long the store is taken as down (answers from the cache, no waiting). */
  downForMs: number;
}

export const DEFAULT_PAGE_CACHE: PageCacheOptions = { maxPages: 2000, maxLinks: 20_000, checkWaitMs: 250, loadWaitMs: 1000, downForMs: 1000 };


/**
 * The pages and links kept in this process, each with the page version it was read at. Every read asks the
 * store for the current version (the reads that arrive while one such query runs share the next), so a change
 * made through any process shows on the very next request. When the store fails or is slow, what is kept is
 * answered as it is (stale while the store is down) and the store is left alone for `downForMs`; what is not
 * kept gets 503 with Retry-After. Never a wait beyond `checkWaitMs` / `loadWaitMs`.
 *
 * A page kept for an address its owner gave up (forwardsUntil) is kept until the hold ends, and read again
 * after: then the name may be someone else's, which no version of the former owner's would tell.
 */
export class CachedPublicPageSource extends PublicPageSource {
  private readonly logger = new Logger('PublicPages');
  private readonly pages: BoundedMap<string, PublicPage>;
  private readonly links: BoundedMap<Id, LinkTarget>;
  private readonly versions: GroupedReads<Id, string>;
  /** Loads under way, so the requests of a page nobody read yet share one query. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private downUntil = 0;
  private down = false;
  /** Answers given from the cache while the store was down or slow, for the health report and the log. */
  staleAnswers = 0;

  constructor(
    private readonly store: VersionedPageStore,
    private readonly options: PageCacheOptions = DEFAULT_PAGE_CACHE,
  ) {
    super();
    this.pages = new BoundedMap(options.maxPages);
    this.links = new BoundedMap(options.maxLinks);
    // A check waits checkWaitMs at most; its answer means the store is back.
    this.versions = new GroupedReads(async (ownerIds) => {
      const versions = await within(this.store.versions(ownerIds), this.options.checkWaitMs);
      this.recovered();
      return versions;
    });
  }

  page(username: string): Promise<PublicPage | null> {
    return this.read(this.pages, username, () => this.shared(`page:${username}`, () => this.store.page(username)));
  }

  link(id: Id): Promise<LinkTarget | null> {
    return this.read(this.links, id, () => this.shared(`link:${id}`, () => this.store.link(id)));
  }

  private shared<V>(key: string, load: () => Promise<V>): Promise<V> {
    let pending = this.loading.get(key) as Promise<V> | undefined;
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Whether the store failed within the last `downForMs`. */
  get storeDown(): boolean {
    return Date.now() < this.downUntil;
  }

  private async read<K, V extends { ownerId: Id; version: string; forwardsUntil?: Date }>(
    cache: BoundedMap<K, V>,
    key: K,
    load: () => Promise<V | null>,
  ): Promise<V | null> {
    let kept = cache.get(key);
    if (kept?.forwardsUntil !== undefined && !forwardsAt(kept, Date.now())) {
      cache.delete(key);
      kept = undefined;
    }
    if (kept) {
      if (this.storeDown) return this.stale(kept);
      try {
        if ((await this.currentVersion(kept.ownerId)) === kept.version) return kept;
      } catch (error) {
        this.failed(error);
        return this.stale(kept);
      }
    }
    if (this.storeDown) throw unavailable(PAGES_UNAVAILABLE_MESSAGE, PAGES_RETRY_AFTER_SECONDS);
    let fresh: V | null;
    try {
      fresh = await within(load(), this.options.loadWaitMs);
    } catch (error) {
      this.failed(error);
      if (kept) return this.stale(kept);
      throw unavailable(PAGES_UNAVAILABLE_MESSAGE, PAGES_RETRY_AFTER_SECONDS);
    }
    this.recovered();
    if (fresh) cache.set(key, fresh);
    else cache.delete(key);
    return fresh;
  }

  private stale<V>(value: V): V {
    this.staleAnswers += 1;
    return value;
  }

  /**
   * The owner's current version (null: no such owner any more), read in groups (GroupedReads): each read waits
   * for a versions query that began after it did, so it sees every write made before it, and a busy process
   * asks once per round-trip, not once per request.
   */
  private async currentVersion(ownerId: Id): Promise<string | null> {
    return (await this.versions.read(ownerId)) ?? null;
  }

  private failed(error: unknown): void {
    if (!this.down) {
      this.down = true;
      this.logger.error(`Pages answered from the cache: the database did not answer (${error instanceof Error ? error.message : String(error)})`);
    }
    this.downUntil = Date.now() + this.options.downForMs;
  }

  private recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.downUntil = 0;
    this.logger.log(`The database answers again (${this.staleAnswers} answers from the cache so far)`);
  }
}

/** A Map that forgets its least recently read entry past `max`. */
class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value, now the most recently read. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
