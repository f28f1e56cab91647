import { SUPPORT_REQUESTS_PER_HOUR, SupportMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import type { Requester } from '../domain/support-request.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { InMemoryEmailOutbox } from '../testing/in-memory-email.outbox.js';
import { InMemorySupportRequestStore } from '../testing/in-memory-support-request.store.js';
import { RecordingEmailSender } from '../testing/recording-email.sender.js';
import { CreateSupportRequestUseCase } from './create-support-request.use-case.js';

const setup = () => {
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  const store = new InMemorySupportRequestStore();
  const sender = new RecordingEmailSender();
  const outbox = new InMemoryEmailOutbox(sender);
  const create = new CreateSupportRequestUseCase(
    store,
    outbox,
    new InMemoryRateLimit(clock, SUPPORT_REQUESTS_PER_HOUR, 3600),
    new ImmediateTransactions(),
    clock,
  );
  const requester = (isPremium = false): Requester => {
    const creator = store.addCreator();
    return { id: creator.id, email: creator.email, displayName: 'Maya Chen', isPremium };
  };
  return { clock, store, sender, outbox, create, requester };
};

const input = { subject: 'Cannot upload', message: 'My avatar upload fails.' };

describe('CreateSupportRequestUseCase', () => {
  it('stores a free creator’s request, not priority, and e-mails them a copy promising three business days', async () => {
    const { store, sender, outbox, create, requester, clock } = setup();
    const maya = requester(false);

    const request = await create.execute(maya, { subject: ' Cannot upload ', message: input.message });

    expect(request).toMatchObject({ creatorId: maya.id, subject: 'Cannot upload', priority: false, status: 'open' });
    expect(request.createdAt).toEqual(clock.now());
    expect(store.all()).toEqual([request]);
    expect(sender.sent).toEqual([
      expect.objectContaining({ to: maya.email, subject: 'We received your request: Cannot upload' }),
    ]);
    expect(sender.sent[0]!.text).toContain('within three business days');
    expect(sender.sent[0]!.text).toContain(input.message);
    expect(outbox.pending()).toEqual([]);
  });

  it('marks a Premium creator’s request priority, and promises one business day', async () => {
    const { store, sender, create, requester } = setup();

    const request = await create.execute(requester(true), input);

    expect(request.priority).toBe(true);
    expect(store.all()[0]?.priority).toBe(true);
    expect(sender.sent[0]!.text).toContain('within one business day');
  });

  it('keeps the request when the mail server is down; the copy waits in the outbox for the next sweep', async () => {
    const { store, sender, outbox, create, requester } = setup();
    sender.failing = true;

    const request = await create.execute(requester(), input);

    expect(store.all()).toEqual([request]);
    expect(outbox.pending()).toEqual([expect.objectContaining({ dedupeKey: `support-${request.id}-copy` })]);
    sender.failing = false;
    await outbox.deliverPending();
    expect(sender.sent).toHaveLength(1);
    expect(outbox.pending()).toEqual([]);
  });

  it.each([
    ['no subject', { ...input, subject: '  ' }, SupportMessages.subjectRequired],
    ['no message', { ...input, message: '' }, SupportMessages.messageRequired],
    ['a subject too long', { ...input, subject: 's'.repeat(121) }, SupportMessages.subjectTooLong],
  ])('refuses %s, storing and sending nothing, and without counting it', async (_, bad, message) => {
    const { store, sender, create, requester } = setup();
    const maya = requester();

    for (let i = 0; i < 6; i += 1)
      await expect(create.execute(maya, bad)).rejects.toEqual(aDomainError('invalid', message));

    expect(store.all()).toEqual([]);
    expect(sender.sent).toEqual([]);
    await expect(create.execute(maya, input)).resolves.toMatchObject({ status: 'open' });
  });

  it('allows five requests an hour per creator; the sixth answers 429 and is not stored', async () => {
    const { store, sender, create, requester, clock } = setup();
    const maya = requester();
    const other = requester();
    for (let i = 0; i < 5; i += 1) await create.execute(maya, input);
    clock.advance(40 * 60_000);

    const refused = create.execute(maya, input);

    await expect(refused).rejects.toEqual(aDomainError('too_many', SupportMessages.tooMany(20)));
    await expect(refused).rejects.toMatchObject({ details: { retryAfterSeconds: 20 * 60 } });
    expect(store.all()).toHaveLength(5);
    expect(sender.sent).toHaveLength(5);
    await expect(create.execute(other, input)).resolves.toMatchObject({ creatorId: other.id });

    clock.advance(20 * 60_000);
    await expect(create.execute(maya, input)).resolves.toMatchObject({ creatorId: maya.id });
  });
});
