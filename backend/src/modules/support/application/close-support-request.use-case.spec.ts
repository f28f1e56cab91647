import { SupportMessages } from '@linkbio/shared-contracts';
import { newId } from '../../../shared/ids.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { openSupportRequest } from '../domain/support-request.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemorySupportRequestStore } from '../testing/in-memory-support-request.store.js';
import { CloseSupportRequestUseCase } from './close-support-request.use-case.js';

const setup = async () => {
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  const store = new InMemorySupportRequestStore();
  const creator = store.addCreator();
  const request = openSupportRequest({
    id: newId(),
    requester: { id: creator.id, email: creator.email, displayName: 'Maya', isPremium: false },
    subject: 'Help',
    message: 'Please',
    now: new Date('2026-03-01T08:00:00.000Z'),
  });
  await store.insert(request);
  return { clock, store, request, close: new CloseSupportRequestUseCase(store, new ImmediateTransactions(), clock) };
};

describe('CloseSupportRequestUseCase', () => {
  it('closes an open request, and closing it again keeps the first closing time', async () => {
    const { clock, store, request, close } = await setup();
    const closedAt = clock.now();

    expect(await close.execute(request.id.toUpperCase())).toMatchObject({ id: request.id, status: 'closed', closedAt });
    clock.advance(60_000);
    expect(await close.execute(request.id)).toMatchObject({ status: 'closed', closedAt });
    expect(await store.lock(request.id)).toMatchObject({ status: 'closed', closedAt });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'nope'],
  ])('answers 404 to %s', async (_, id) => {
    const { close, store, request } = await setup();
    await expect(close.execute(id)).rejects.toEqual(aDomainError('not_found', SupportMessages.notFound));
    expect((await store.lock(request.id))?.status).toBe('open');
  });
});
