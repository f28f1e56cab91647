import { DeletionMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { FakePasswordHasher } from '../../identity/testing/fake-password.hasher.js';
import { storedUser } from '../../identity/testing/stored-user.js';
import { InMemoryAccountSessions } from '../../identity/testing/in-memory-account-sessions.js';
import { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import { memoryAttemptLimiter } from '../../identity/testing/memory-attempt-limiter.js';
import { InMemoryObjectStorage } from '../../media/testing/in-memory-object-storage.js';
import { formatDollars, tombstoneOf } from '../domain/account-deletion.js';
import { InMemoryAccountErasure } from '../testing/in-memory-account-erasure.js';
import { RecordingPremiumCancellation } from '../testing/recording-premium-cancellation.js';
import { DeleteAccountUseCase, type DeleteAccountCommand } from './delete-account.use-case.js';

const NOW = '2026-03-02T12:00:00.000Z';
const image = (userId: string, name: string) => `users/${userId}/${name}.png`;

const setup = async () => {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  const sessions = new InMemoryAccountSessions();
  const premium = new RecordingPremiumCancellation();
  const erasure = new InMemoryAccountErasure(users);
  const storage = new InMemoryObjectStorage();
  const clock = new FixedClock(NOW);
  const account = async (name: string) => {
    const user = await storedUser(users, hasher, name, {
      bio: 'Hi',
      adjust: (stored) => {
        stored.avatar = `/objects/${image(stored.id, '11111111-1111-4111-8111-111111111111')}`;
        stored.backgroundImage = `/objects/${image(stored.id, '22222222-2222-4222-8222-222222222222')}`;
        stored.isPremium = true;
        stored.paypalEmail = `${name}@paypal.example`;
      },
    });
    for (const url of [user.avatar!, user.backgroundImage!])
      await storage.put(url.replace('/objects/', ''), Buffer.from('png'), 'image/png');
    return user;
  };
  const alice = await account('alice');
  const bob = await account('bob');
  for (const [sid, user] of [
    ['here', alice],
    ['phone', alice],
    ['bobs', bob],
  ] as const) {
    sessions.storeSignIn(sid, user.id);
    await sessions.add({
      id: sid,
      userId: user.id,
      sid,
      userAgent: null,
      signedInAt: clock.now(),
      lastSeenAt: clock.now(),
    });
  }
  const useCase = new DeleteAccountUseCase(
    users,
    hasher,
    memoryAttemptLimiter(),
    sessions,
    premium,
    erasure,
    storage,
    clock,
  );
  const command = (change: Partial<DeleteAccountCommand> = {}): DeleteAccountCommand => ({
    userId: alice.id,
    ip: '203.0.113.9',
    password: 'correct horse',
    origin: 'http://localhost:3000',
    ...change,
  });
  return { users, sessions, premium, erasure, storage, useCase, command, alice, bob };
};

describe('DeleteAccountUseCase', () => {
  it('previews the unpaid earnings and the plan', async () => {
    const { useCase, erasure, alice } = await setup();
    erasure.unpaid.set(alice.id, 1234);
    expect(await useCase.preview(alice.id)).toEqual({ unpaidCents: 1234, premium: true });
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { useCase, command, users, premium, sessions, alice } = await setup();
    await expect(useCase.execute(command({ password: 'wrong horse' }))).rejects.toEqual(
      aDomainError('invalid', DeletionMessages.passwordWrong),
    );
    expect((await users.findById(alice.id))?.deletedAt).toBeNull();
    expect(premium.cancelled).toEqual([]);
    expect(sessions.isSignedIn('phone')).toBe(true);
  });

  it('counts wrong passwords like a password change: too many are refused, even the right one', async () => {
    const { useCase, command } = await setup();
    for (let i = 0; i < 10; i += 1) await expect(useCase.execute(command({ password: 'wrong' }))).rejects.toThrow();
    await expect(useCase.execute(command())).rejects.toEqual(expect.objectContaining({ kind: 'too_many' }));
  });

  it('tells the amount not paid out yet and changes nothing until it is acknowledged', async () => {
    const { useCase, command, users, premium, erasure, alice } = await setup();
    erasure.unpaid.set(alice.id, 123456);
    for (const acknowledgeUnpaidEarnings of [undefined, false]) {
      await expect(useCase.execute(command({ acknowledgeUnpaidEarnings }))).rejects.toEqual(
        aDomainError('conflict', DeletionMessages.unpaidEarnings('$1,234.56')),
      );
    }
    expect((await users.findById(alice.id))?.deletedAt).toBeNull();
    expect(premium.cancelled).toEqual([]);

    await useCase.execute(command({ acknowledgeUnpaidEarnings: true }));
    expect((await users.findById(alice.id))?.deletedAt).toEqual(new Date(NOW));
  });

  it('cancels Premium, erases the account, ends every session and deletes its images', async () => {
    const { useCase, command, users, premium, erasure, storage, sessions, alice, bob } = await setup();
    await useCase.execute(command());

    expect(premium.cancelled).toEqual([alice.id]);
    const stored = await users.findById(alice.id);
    expect(stored).toMatchObject({
      ...tombstoneOf(alice.id),
      passwordHash: '',
      bio: null,
      avatar: null,
      backgroundImage: null,
      paypalEmail: null,
      isPremium: false,
      deletedAt: new Date(NOW),
    });
    expect(erasure.holds.get('alice')).toEqual({ userId: alice.id, heldUntil: new Date('2026-04-01T12:00:00.000Z') });
    expect(erasure.linksRemoved).toEqual([alice.id]);
    expect([sessions.isSignedIn('here'), sessions.isSignedIn('phone'), sessions.isSignedIn('bobs')]).toEqual([
      false,
      false,
      true,
    ]);
    expect([...storage.objects.keys()].every((key) => key.startsWith(`users/${bob.id}/`))).toBe(true);
    expect(storage.objects.size).toBe(2);
    // Its e-mail address and name are free: the tombstone has neither.
    expect(await users.findByEmail('alice@example.com')).toBeNull();
    expect(await users.findByUsername('alice')).toBeNull();
  });

  it('deletes its links’ thumbnails too', async () => {
    const { useCase, command, erasure, storage, alice } = await setup();
    const thumbnail = image(alice.id, '44444444-4444-4444-8444-444444444444').replace(/\.png$/, '.webp');
    await storage.put(thumbnail, Buffer.from('webp'), 'image/webp');
    erasure.linkThumbnails.set(alice.id, [`/objects/${thumbnail}`]);

    await useCase.execute(command());

    expect(await storage.size(thumbnail)).toBeNull();
  });

  it('deletes no image that is not the account’s own, and goes on when the store fails', async () => {
    const { useCase, command, users, storage, alice, bob } = await setup();
    await users.change(alice.id, (user) => {
      user.avatar = `/objects/${image(bob.id, '33333333-3333-4333-8333-333333333333')}`;
    });
    storage.failingDeletes.add(image(alice.id, '22222222-2222-4222-8222-222222222222'));
    await useCase.execute(command());
    expect(storage.deleted).toEqual([image(alice.id, '22222222-2222-4222-8222-222222222222')]);
    expect((await users.findById(alice.id))?.deletedAt).toEqual(new Date(NOW));
  });

  it('erases nothing when the payment provider cannot cancel Premium', async () => {
    const { useCase, command, users, premium, sessions, alice } = await setup();
    premium.unavailable = new Error('provider down');
    await expect(useCase.execute(command())).rejects.toThrow('provider down');
    expect((await users.findById(alice.id))?.deletedAt).toBeNull();
    expect(sessions.isSignedIn('phone')).toBe(true);
  });

  it('answers not found for an account deleted already', async () => {
    const { useCase, command, alice } = await setup();
    await useCase.execute(command());
    await expect(useCase.execute(command())).rejects.toEqual(expect.objectContaining({ kind: 'not_found' }));
    await expect(useCase.preview(alice.id)).rejects.toEqual(expect.objectContaining({ kind: 'not_found' }));
  });
});

describe('account deletion rules', () => {
  it('formats cents as dollars', () => {
    expect([0, 5, 1234, 123456789].map(formatDollars)).toEqual(['$0.00', '$0.05', '$12.34', '$1,234,567.89']);
  });

  it('gives every account a tombstone name nobody can claim and an address nobody receives', () => {
    const a = tombstoneOf('0190f5a2-7c1e-7000-8000-000000000001');
    const b = tombstoneOf('ffffffff-ffff-ffff-ffff-ffffffffffff');
    expect(a.username).toMatch(/^~[0-9a-z]+$/);
    expect(b.username.length).toBeLessThanOrEqual(30);
    expect(a.username).not.toBe(tombstoneOf('0190f5a2-7c1e-7000-8000-000000000002').username);
    expect(a.email).toBe('deleted-0190f5a27c1e70008000000000000001@deleted.invalid');
  });
});
