import { AudienceMessages } from '@linkbio/shared-contracts';
import { ConfiguredLinkOrigin } from '../../../shared/link-origin.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { InMemoryEmailOutbox } from '../../support/testing/in-memory-email.outbox.js';
import { RecordingEmailSender } from '../../support/testing/recording-email.sender.js';
import { InMemorySubscriberStore } from '../testing/in-memory-subscriber.store.js';
import { ListLinksUseCase } from './list-links.use-case.js';
import { ListSignupsService } from './list-signups.service.js';
import { SubscribeUseCase } from './subscribe.use-case.js';

const OWNER = { id: 'c-1', username: 'maya', displayName: 'Maya', subscribeEnabled: true, subscribeTitle: null, isPremium: false };

function setUp() {
  const clock = new FixedClock();
  const store = new InMemorySubscriberStore();
  store.owners.push({ ...OWNER });
  const sender = new RecordingEmailSender();
  const outbox = new InMemoryEmailOutbox(sender);
  const subscribe = new SubscribeUseCase(
    store,
    outbox,
    new ImmediateTransactions(),
    new ConfiguredLinkOrigin({ PUBLIC_URL: 'https://linkbio.example', PORT: 3000 }),
    clock,
    new InMemoryRateLimit(clock, 20, 3600),
    new InMemoryRateLimit(clock, 5, 3600),
  );
  const links = new ListLinksUseCase(store, new InMemoryRateLimit(clock, 60, 600), clock);
  const tokenIn = (text: string) => /\/list\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  return { clock, store, sender, outbox, subscribe, links, tokenIn };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SubscribeUseCase', () => {
  it('answers the same for a new, waiting and confirmed address; only the link confirms; a confirmed one gets no mail', async () => {
    const { store, sender, subscribe, links, tokenIn } = setUp();
    const answers = [await subscribe.fromPage('maya', ' Fan@Example.com ', { ip: '1' })];
    await settle();
    expect(store.rows.map((r) => [r.email, r.status])).toEqual([['fan@example.com', 'pending']]);
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]!.headers).toBeUndefined();

    answers.push(await subscribe.fromPage('maya', 'fan@example.com', { ip: '1' }));
    await settle();
    expect(sender.sent).toHaveLength(2);
    // The first link was replaced by the second.
    expect(await links.confirm(tokenIn(sender.sent[0]!.text), '1')).toBe(false);
    expect(await links.confirm(tokenIn(sender.sent[1]!.text), '1')).toBe(true);
    expect(store.rows[0]!.status).toBe('confirmed');

    answers.push(await subscribe.fromPage('maya', 'fan@example.com', { ip: '1' }));
    await settle();
    expect(sender.sent).toHaveLength(2);
    expect(answers).toEqual([{ message: AudienceMessages.checkInbox }, { message: AudienceMessages.checkInbox }, { message: AudienceMessages.checkInbox }]);
    // Only the hash is stored.
    expect(JSON.stringify(store.rows)).not.toContain(tokenIn(sender.sent[1]!.text));
  });

  it('refuses a page without the block (404) and too many requests for an address (429)', async () => {
    const { store, subscribe } = setUp();
    await expect(subscribe.fromPage('nobody', 'z@example.com', { ip: '1' })).rejects.toMatchObject({ kind: 'not_found' });
    for (let i = 0; i < 5; i += 1) await subscribe.fromPage('maya', 'a@example.com', { ip: String(i) });
    await expect(subscribe.fromPage('maya', 'a@example.com', { ip: '9' })).rejects.toMatchObject({ kind: 'too_many' });
    store.owners[0]!.subscribeEnabled = false;
    await expect(subscribe.fromPage('maya', 'b@example.com', { ip: '1' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('a checkout sign-up asks for confirmation, never throws, and records the source; none while the list is off', async () => {
    const { store, sender, subscribe } = setUp();
    const signups = new ListSignupsService(subscribe);
    store.owners[0]!.subscribeEnabled = false;
    await signups.request('c-1', 'off@example.com', 'checkout');
    store.owners[0]!.subscribeEnabled = true;
    await signups.request('c-1', 'Buyer@Example.com', 'checkout');
    await signups.request('c-1', 'not an address', 'checkout');
    await signups.request('nobody', 'x@example.com', 'checkout');
    await settle();
    expect(store.rows.map((r) => [r.email, r.status, r.source])).toEqual([['buyer@example.com', 'pending', 'checkout']]);
    expect(sender.sent).toHaveLength(1);
  });

  it('a confirmation link expires after a week', async () => {
    const { clock, sender, subscribe, links, tokenIn } = setUp();
    await subscribe.fromPage('maya', 'late@example.com', { ip: '1' });
    await settle();
    clock.advance(7 * 24 * 3600 * 1000 + 1);
    expect(await links.confirm(tokenIn(sender.sent[0]!.text), '1')).toBe(false);
  });
});
