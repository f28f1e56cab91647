import { Logger } from '@nestjs/common';
import type { DomainError } from '../../../shared/domain-error.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { User } from '../../identity/domain/user.js';
import { renameUser } from '../../identity/domain/username-hold.js';
import { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import { Link } from '../../links/domain/link.js';
import { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { PAGES_RETRY_AFTER_SECONDS, PAGES_UNAVAILABLE_MESSAGE } from '../application/ports/public-page.source.js';
import type { PublicPage } from '../domain/public-page.js';
import { InMemoryPublicPageSource } from '../testing/in-memory-public-page.source.js';
import { CachedPublicPageSource, type PageCacheOptions } from './cached-public-page.source.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const OPTIONS: PageCacheOptions = { maxPages: 10, maxLinks: 10, checkWaitMs: 20, loadWaitMs: 20, downForMs: 100 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The answer, or 'no answer' when there is none within a second: what a visitor waiting on a hung store would get. */
const withinASecond = <T>(promise: Promise<T>) => Promise.race([promise, sleep(1000).then(() => 'no answer' as const)]);

const titles = (page: PublicPage | null) => page?.links.map((link) => link.title);

const setup = (options: Partial<PageCacheOptions> = {}) => {
  const users = new InMemoryUserRepository();
  const links = new InMemoryLinkRepository();
  const store = new InMemoryPublicPageSource(users, links);
  const cache = new CachedPublicPageSource(store, { ...OPTIONS, ...options });
  let minute = 0;
  const creator = async (username: string) => {
    const user = User.register(
      { username, email: `${username}@example.com`, passwordHash: 'h', displayName: username, bio: null },
      NOW,
    );
    await users.add(user);
    return user;
  };
  const addLink = async (owner: User, title: string, order = 0) => {
    minute += 1;
    const link = Link.create(
      owner.id,
      { title, url: `https://example.com/${title}`, order },
      new Date(NOW.getTime() + minute * 60_000),
    );
    await links.addWithinLimit(link, null);
    return link;
  };
  const rename = (owner: User, displayName: string) =>
    users.change(owner.id, (user) => {
      user.displayName = displayName;
    });
  return { users, links, store, cache, creator, addLink, rename };
};

const unavailable = () => aDomainError('unavailable', PAGES_UNAVAILABLE_MESSAGE);

describe('CachedPublicPageSource', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('keeps a page it read, and answers the store’s page again on the next read after any change', async () => {
    const { store, cache, creator, addLink, rename, links } = setup();
    const alice = await creator('alice');
    const first = await addLink(alice, 'first', 0);

    const read = await cache.page('alice');
    expect(titles(read)).toEqual(['first']);
    expect(await cache.page('alice')).toBe(read);
    expect(store.pageQueries).toBe(1);

    await rename(alice, 'Alice A.');
    expect((await cache.page('alice'))?.user.displayName).toBe('Alice A.');

    await addLink(alice, 'second', 1);
    expect(titles(await cache.page('alice'))).toEqual(['first', 'second']);

    await links.changeOwned(alice.id, first.id, (link) => link.change({ isActive: false }, NOW));
    expect(titles(await cache.page('alice'))).toEqual(['second']);
    expect(store.pageQueries).toBe(4);
  });

  it('turns a kept page into the forward once its owner renames, answers the new name at once, and back', async () => {
    const { users, store, cache, creator } = setup();
    const alice = await creator('alice');
    const changeTo = (username: string) =>
      users.rename(alice.id, username, (user, hold) => renameUser(user, username, hold, new Date()));
    const kept = await cache.page('alice');
    expect(kept?.forwardsUntil).toBeUndefined();

    await changeTo('alice-new');

    const moved = await cache.page('alice');
    expect(moved).toMatchObject({ ownerId: alice.id, user: { username: 'alice-new' } });
    expect(moved?.forwardsUntil).toBeInstanceOf(Date);
    expect(await cache.page('alice')).toBe(moved);
    expect((await cache.page('alice-new'))?.forwardsUntil).toBeUndefined();
    const queries = store.pageQueries;

    await changeTo('alice');

    expect(await cache.page('alice')).toMatchObject({ user: { username: 'alice' } });
    expect((await cache.page('alice'))?.forwardsUntil).toBeUndefined();
    expect((await cache.page('alice-new'))?.forwardsUntil).toBeInstanceOf(Date);
    expect(store.pageQueries).toBe(queries + 2);
  });

  it('reads a kept forward again once its hold has ended, when the name may be someone else’s', async () => {
    const { users, store, cache, creator } = setup();
    // The fake's holds, as the database's, take no write to end: no version of alice's moves when it does.
    const alice = await creator('alice');
    // Renamed 30 days ago, less 50 ms: the hold on 'alice' ends 50 ms from now.
    const at = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 + 50);
    await users.rename(alice.id, 'alice-new', (user, hold) => renameUser(user, 'alice-new', hold, at));
    expect((await cache.page('alice'))?.forwardsUntil).toBeInstanceOf(Date);
    expect(store.pageQueries).toBe(1);

    await sleep(60);
    const claimant = User.register(
      { username: 'alice', email: 'claimant@example.com', passwordHash: 'h', displayName: 'Another Alice', bio: null },
      new Date(),
    );
    await users.add(claimant);

    expect(await cache.page('alice')).toMatchObject({ ownerId: claimant.id, user: { username: 'alice' } });
    expect((await cache.page('alice'))?.forwardsUntil).toBeUndefined();
    expect(store.pageQueries).toBe(2);
  });

  it('keeps a link it read, and answers null on the next read once it is switched off', async () => {
    const { cache, creator, addLink, links } = setup();
    const alice = await creator('alice');
    const link = await addLink(alice, 'shop');
    const kept = await cache.link(link.id);
    expect(kept).toMatchObject({
      id: link.id,
      ownerId: alice.id,
      url: 'https://example.com/shop',
      schedulingApplies: false,
    });
    expect(await cache.link(link.id)).toBe(kept);

    await links.changeOwned(alice.id, link.id, (changed) => changed.change({ isActive: false }, NOW));

    expect(await cache.link(link.id)).toBeNull();
  });

  it('answers a link’s owner becoming premium on the next read', async () => {
    const { cache, creator, addLink, users } = setup();
    const alice = await creator('alice');
    const link = await addLink(alice, 'shop');
    await cache.link(link.id);

    await users.change(alice.id, (user) => {
      user.isPremium = true;
    });

    expect((await cache.link(link.id))?.schedulingApplies).toBe(true);
  });

  it('asks for the versions of all the reads of one turn in one query', async () => {
    const { store, cache, creator, addLink } = setup();
    const names = ['alice', 'bob', 'carol', 'dave', 'erin'];
    for (const name of names) await addLink(await creator(name), `${name}-link`);
    for (const name of names) await cache.page(name);
    expect(store.versionQueries).toBe(0);

    const pages = await Promise.all(Array.from({ length: 50 }, (_, index) => cache.page(names[index % names.length]!)));

    expect(store.versionQueries).toBe(1);
    expect(pages.map((page) => page?.user.username)).toEqual(
      Array.from({ length: 50 }, (_, index) => names[index % names.length]),
    );
    expect(store.pageQueries).toBe(names.length);

    await Promise.all([cache.page('alice'), cache.page('bob')]);
    expect(store.versionQueries).toBe(2);
  });

  it('answers the kept page while the store fails, and 503 with Retry-After for a page it does not keep', async () => {
    const { store, cache, creator, addLink } = setup();
    await addLink(await creator('alice'), 'shop');
    await creator('bob');
    const kept = await cache.page('alice');

    store.failing = true;

    expect(await cache.page('alice')).toBe(kept);
    const miss = await cache.page('bob').catch((error: unknown) => error);
    expect(miss).toEqual(unavailable());
    expect((miss as DomainError).details).toEqual({ retryAfterSeconds: PAGES_RETRY_AFTER_SECONDS });
    expect(cache.storeDown).toBe(true);
    expect(cache.staleAnswers).toBe(1);
  });

  it('answers 503 for a page it does not keep when the store fails to load it', async () => {
    const { store, cache, creator } = setup();
    await creator('bob');
    store.failing = true;

    await expect(cache.page('bob')).rejects.toEqual(unavailable());
    expect(cache.storeDown).toBe(true);
  });

  it('leaves the store alone for downForMs after a failure, then asks it again and recovers', async () => {
    const { store, cache, creator, rename } = setup();
    const alice = await creator('alice');
    await creator('bob');
    const kept = await cache.page('alice');
    store.failing = true;
    await cache.page('alice');
    const asked = store.versionQueries + store.pageQueries;

    store.failing = false;
    await rename(alice, 'Alice A.');
    expect(await cache.page('alice')).toBe(kept);
    await expect(cache.page('bob')).rejects.toEqual(unavailable());
    expect(store.versionQueries + store.pageQueries).toBe(asked);

    await sleep(120);

    expect(cache.storeDown).toBe(false);
    expect((await cache.page('alice'))?.user.displayName).toBe('Alice A.');
    expect((await cache.page('bob'))?.user.username).toBe('bob');
  });

  it('answers the kept page within checkWaitMs when the store does not answer, and 503 within loadWaitMs for another', async () => {
    const { store, cache, creator } = setup();
    await creator('alice');
    await creator('bob');
    const kept = await cache.page('alice');

    store.stalled = true;

    expect(await withinASecond(cache.page('alice'))).toBe(kept);
    expect(cache.storeDown).toBe(true);
    await sleep(120);
    expect(cache.storeDown).toBe(false);
    await expect(withinASecond(cache.page('bob'))).rejects.toEqual(unavailable());
    expect(cache.storeDown).toBe(true);
  });

  it('reads a page as null once the creator is gone, and after a change of username', async () => {
    const { store, cache, creator, users } = setup();
    const alice = await creator('alice');
    const bob = await creator('bob');
    await cache.page('alice');
    await cache.page('bob');

    store.removeCreator(alice.id);
    await users.change(bob.id, (user) => {
      user.username = 'robert';
    });

    expect(await cache.page('alice')).toBeNull();
    expect(await cache.page('bob')).toBeNull();
    expect((await cache.page('robert'))?.ownerId).toBe(bob.id);

    // Forgotten, not kept: the page gone does not come back from the cache while the store is away.
    store.failing = true;
    await expect(cache.page('alice')).rejects.toEqual(unavailable());
    await expect(cache.page('bob')).rejects.toEqual(unavailable());
  });

  it('reads a link as null once its creator is gone', async () => {
    const { store, cache, creator, addLink } = setup();
    const alice = await creator('alice');
    const link = await addLink(alice, 'shop');
    await cache.link(link.id);

    store.removeCreator(alice.id);

    expect(await cache.link(link.id)).toBeNull();
  });

  it('answers null for an unknown page, without keeping anything for it', async () => {
    const { store, cache, creator } = setup();

    expect(await cache.page('nobody')).toBeNull();
    await creator('nobody');

    expect((await cache.page('nobody'))?.user.username).toBe('nobody');
    expect(store.pageQueries).toBe(2);
  });

  it('runs one versions query at a time: reads arriving meanwhile share the next, which sees changes made before them', async () => {
    const { store, cache, creator, rename } = setup({ checkWaitMs: 1000 });
    const alice = await creator('alice');
    await cache.page('alice');
    const queries: Array<() => void> = [];
    const versions = store.versions.bind(store);
    store.versions = (ids) => new Promise((resolve, reject) => queries.push(() => versions(ids).then(resolve, reject)));

    const first = cache.page('alice');
    await sleep(5);
    expect(queries).toHaveLength(1);
    await rename(alice, 'Alice Changed');
    const during = Array.from({ length: 10 }, () => cache.page('alice'));
    await sleep(5);
    expect(queries).toHaveLength(1);

    queries[0]!();
    await first;
    await sleep(5);
    expect(queries).toHaveLength(2);
    queries[1]!();

    expect((await Promise.all(during)).map((page) => page?.user.displayName)).toEqual(Array(10).fill('Alice Changed'));
  });

  it('keeps at most maxPages pages, forgetting the one read least recently', async () => {
    const { store, cache, creator } = setup({ maxPages: 2 });
    for (const name of ['alice', 'bob']) {
      await creator(name);
      await cache.page(name);
    }
    await cache.page('alice');
    await creator('carol');
    await cache.page('carol');
    expect(store.pageQueries).toBe(3);

    await cache.page('alice');
    await cache.page('carol');
    expect(store.pageQueries).toBe(3);

    expect((await cache.page('bob'))?.user.username).toBe('bob');
    expect(store.pageQueries).toBe(4);
  });

  it('reads a page nobody read yet once for all the requests waiting for it', async () => {
    const { store, cache, creator } = setup();
    await creator('alice');

    const pages = await Promise.all(Array.from({ length: 50 }, () => cache.page('alice')));

    expect(pages.every((page) => page?.user.username === 'alice')).toBe(true);
    expect(store.pageQueries).toBe(1);
  });
});
