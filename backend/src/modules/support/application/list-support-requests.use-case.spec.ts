import { SUPPORT_REQUESTS_PER_HOUR } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { InMemoryEmailOutbox } from '../testing/in-memory-email.outbox.js';
import { InMemorySupportRequestStore } from '../testing/in-memory-support-request.store.js';
import { RecordingEmailSender } from '../testing/recording-email.sender.js';
import { CloseSupportRequestUseCase } from './close-support-request.use-case.js';
import { CreateSupportRequestUseCase } from './create-support-request.use-case.js';
import { ListSupportRequestsUseCase } from './list-support-requests.use-case.js';

const setup = () => {
  const clock = new FixedClock('2026-03-02T09:00:00.000Z');
  const store = new InMemorySupportRequestStore();
  const transactions = new ImmediateTransactions();
  const create = new CreateSupportRequestUseCase(
    store,
    new InMemoryEmailOutbox(new RecordingEmailSender()),
    new InMemoryRateLimit(clock, SUPPORT_REQUESTS_PER_HOUR, 3600),
    transactions,
    clock,
  );
  const creator = (username: string, isPremium: boolean) => {
    const stored = store.addCreator({ username });
    return { id: stored.id, email: stored.email, displayName: username, isPremium };
  };
  /** Sends a request, then lets `minutes` pass. */
  const send = async (who: ReturnType<typeof creator>, subject: string, minutes = 5) => {
    const request = await create.execute(who, { subject, message: `About ${subject}` });
    clock.advance(minutes * 60_000);
    return request;
  };
  return {
    clock,
    send,
    creator,
    list: new ListSupportRequestsUseCase(store),
    close: new CloseSupportRequestUseCase(store, transactions, clock),
  };
};

describe('ListSupportRequestsUseCase', () => {
  it('gives operators priority requests first, then the longest-waiting first, with who sent them', async () => {
    const { send, creator, list } = setup();
    const free = creator('freddie', false);
    const premium = creator('petra', true);
    await send(free, 'free, oldest');
    await send(premium, 'premium, older');
    await send(free, 'free, newer');
    await send(premium, 'premium, newest');

    const queue = await list.forOperators();

    expect(queue.map((r) => [r.priority, r.subject, r.username])).toEqual([
      [true, 'premium, older', 'petra'],
      [true, 'premium, newest', 'petra'],
      [false, 'free, oldest', 'freddie'],
      [false, 'free, newer', 'freddie'],
    ]);
    expect(queue[0]?.email).toBe('petra@example.com');
  });

  it('keeps a request’s priority as it was sent, whatever the creator’s plan later', async () => {
    const { send, creator, list } = setup();
    const maya = creator('maya', false);
    await send(maya, 'while free');
    await send({ ...maya, isPremium: true }, 'while premium');
    await send({ ...maya, isPremium: false }, 'free again');

    expect((await list.forOperators()).map((r) => r.subject)).toEqual(['while premium', 'while free', 'free again']);
  });

  it('filters the operators’ queue by status', async () => {
    const { send, creator, list, close } = setup();
    const maya = creator('maya', false);
    const answered = await send(maya, 'answered');
    await send(maya, 'waiting');
    await close.execute(answered.id);

    expect((await list.forOperators({ status: 'open' })).map((r) => r.subject)).toEqual(['waiting']);
    expect((await list.forOperators({ status: 'closed' })).map((r) => r.subject)).toEqual(['answered']);
  });

  it('gives a creator only their own requests, newest first', async () => {
    const { send, creator, list } = setup();
    const maya = creator('maya', true);
    const other = creator('other', false);
    await send(maya, 'first');
    await send(other, 'not mine');
    await send(maya, 'second');

    expect((await list.forCreator(maya.id)).map((r) => r.subject)).toEqual(['second', 'first']);
  });
});
