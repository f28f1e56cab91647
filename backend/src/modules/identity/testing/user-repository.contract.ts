import { randomUUID } from 'node:crypto';
import { Messages } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import type { UserRepository } from '../application/ports/user.repository.js';
import { User } from '../domain/user.js';

export interface UserRepositoryFixture {
  /** The repository under test. */
  users: UserRepository;
  /** Another repository over the same store with nothing cached: what the next request would see. */
  reopen(): UserRepository;
  cleanup(): Promise<void>;
}

const CREATED = new Date('2026-03-02T09:00:00.000Z');
const run = randomUUID().slice(0, 8);
let counter = 0;

/** A username no other test uses, even against a shared database. */
function uniqueName(): string {
  counter += 1;
  return `u${run}${counter}`;
}

export function newUser(overrides: { username?: string; email?: string } = {}): User {
  const username = overrides.username ?? uniqueName();
  return User.register(
    {
      username,
      email: overrides.email ?? `${username}@example.com`,
      passwordHash: `hash-of-${username}`,
      displayName: `Creator ${username}`,
      bio: 'Hello',
    },
    CREATED,
  );
}

/** What a stored user is, without the object it lives in. */
const fields = (user: User | null) =>
  user && {
    id: user.id,
    username: user.username,
    email: user.email,
    passwordHash: user.passwordHash,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
    theme: user.theme,
    backgroundColor: user.backgroundColor,
    backgroundImage: user.backgroundImage,
    buttonColor: user.buttonColor,
    buttonTextColor: user.buttonTextColor,
    buttonShape: user.buttonShape,
    paypalEmail: user.paypalEmail,
    cashappHandle: user.cashappHandle,
    enableBooking: user.enableBooking,
    bookingPrice: user.bookingPrice,
    isPremium: user.isPremium,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/**
 * The behaviour every UserRepository has, run against the in-memory fake and against PostgreSQL, so the
 * fake the use-case specs rely on stays honest.
 */
export function describeUserRepositoryContract(name: string, setup: () => Promise<UserRepositoryFixture>): void {
  describe(`UserRepository contract: ${name}`, () => {
    let fixture: UserRepositoryFixture;
    let users: UserRepository;

    beforeEach(async () => {
      fixture = await setup();
      users = fixture.users;
    });

    afterEach(() => fixture.cleanup());

    it('stores an added user with every field as given', async () => {
      const user = newUser();
      user.theme = 'dark';
      user.paypalEmail = 'pay@example.com';

      await users.add(user);

      expect(fields(await fixture.reopen().findById(user.id))).toEqual(fields(user));
    });

    it('reads an account as stored now, every field, each time it is asked', async () => {
      const user = newUser();
      user.bookingPrice = 2500;
      user.enableBooking = true;
      user.backgroundColor = '#112233';
      await users.add(user);

      const read = await fixture.reopen().readById(user.id);
      expect(read).toBeInstanceOf(User);
      expect(fields(read)).toEqual(fields(user));

      await users.change(user.id, (stored) => {
        stored.isPremium = true;
      });
      expect((await users.readById(user.id))?.isPremium).toBe(true);
      expect(await users.readById('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11')).toBeNull();
    });

    it('finds users by username and by e-mail whatever the letter case', async () => {
      const user = newUser();
      user.email = `${user.username}.Mixed@Example.COM`;
      await users.add(user);
      const reopened = fixture.reopen();

      expect((await reopened.findByUsername(user.username.toUpperCase()))?.id).toBe(user.id);
      expect((await reopened.findByEmail(user.email.toLowerCase()))?.id).toBe(user.id);
      expect((await reopened.findByEmail(user.email.toUpperCase()))?.email).toBe(user.email);
    });

    it('finds nobody for an unknown id, username or e-mail', async () => {
      await users.add(newUser());

      expect(await users.findById('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11')).toBeNull();
      expect(await users.findByUsername(uniqueName())).toBeNull();
      expect(await users.findByEmail(`${uniqueName()}@example.com`)).toBeNull();
      expect(await users.findByUsername('u\u0000x')).toBeNull();
      expect(await users.findByEmail('a\u0000@example.com')).toBeNull();
    });

    it('refuses a second account with the same username in other letters, storing nothing', async () => {
      const first = newUser();
      await users.add(first);
      const second = newUser({ username: first.username.toUpperCase(), email: `${uniqueName()}@example.com` });

      const error = await rejection(users.add(second));

      expect([error.kind, error.message]).toEqual(['conflict', Messages.usernameTaken]);
      expect(await fixture.reopen().findById(second.id)).toBeNull();
      expect(await fixture.reopen().findByEmail(second.email)).toBeNull();
    });

    it('refuses a second account with the same e-mail in other letters, storing nothing', async () => {
      const first = newUser();
      await users.add(first);
      const second = newUser({ email: first.email.toUpperCase() });

      const error = await rejection(users.add(second));

      expect([error.kind, error.message]).toEqual(['conflict', Messages.emailTaken]);
      expect(await fixture.reopen().findById(second.id)).toBeNull();
      expect(await fixture.reopen().findByUsername(second.username)).toBeNull();
    });

    it('keeps working after a refused account', async () => {
      const first = newUser();
      await users.add(first);
      await rejection(users.add(newUser({ username: first.username })));

      const next = newUser();
      await users.add(next);

      expect((await fixture.reopen().findById(next.id))?.username).toBe(next.username);
      expect(fields(await fixture.reopen().findById(first.id))).toEqual(fields(first));
    });

    it('changes a user in one step and saves nothing when the change throws', async () => {
      const user = newUser();
      await users.add(user);

      const changed = await users.change(user.id, (stored) => {
        stored.displayName = 'Renamed';
      });
      expect(changed?.displayName).toBe('Renamed');
      await expect(
        users.change(user.id, (stored) => {
          stored.displayName = 'Half done';
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await users.change(randomUUID(), () => undefined)).toBeNull();

      expect((await fixture.reopen().findById(user.id))?.displayName).toBe('Renamed');
    });

    it('applies concurrent changes one after the other, so button contrast is checked against what the other saved', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const user = newUser();
        user.isPremium = true;
        user.changeTemplate({ buttonColor: '#000000', buttonTextColor: '#ffffff' });
        await users.add(user);
        ids.push(user.id);
      }

      // Navy buttons read well with the saved white text, grey text with the saved black buttons; not together.
      const pairs = await Promise.all(
        ids.map((id) =>
          Promise.allSettled([
            users.change(id, (user) => user.changeTemplate({ buttonColor: '#1e3a8a' })),
            users.change(id, (user) => user.changeTemplate({ buttonTextColor: '#777777' })),
          ]),
        ),
      );

      for (const [index, results] of pairs.entries()) {
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toEqual(
          expect.objectContaining({ name: 'DomainError', kind: 'invalid', message: expect.stringMatching(/^Button text needs more contrast/) }),
        );
        const saved = (await fixture.reopen().findById(ids[index]))!;
        expect([saved.buttonColor, saved.buttonTextColor]).not.toEqual(['#1e3a8a', '#777777']);
      }
    });

    it('saves changes to a user it returned', async () => {
      const original = newUser();
      await users.add(original);
      const user = (await users.findById(original.id))!;

      user.displayName = 'New Name';
      user.changeTemplate({ theme: 'vibrant', backgroundColor: '#F0F9FF' });
      user.changePayoutSettings({ paypalEmail: 'payouts@example.com', cashappHandle: 'cash_1' });
      user.changeBookingSettings(true, 2550);
      user.isPremium = true;
      user.changeTemplate({ buttonColor: '#2563EB', buttonTextColor: '#ffffff', buttonShape: 'pill' });
      user.updatedAt = new Date('2026-03-03T10:00:00.000Z');
      await users.save(user);

      expect(fields(await fixture.reopen().findById(user.id))).toEqual({
        ...fields(original),
        displayName: 'New Name',
        theme: 'vibrant',
        backgroundColor: '#f0f9ff',
        buttonColor: '#2563eb',
        buttonTextColor: '#ffffff',
        buttonShape: 'pill',
        paypalEmail: 'payouts@example.com',
        cashappHandle: 'cash_1',
        enableBooking: true,
        bookingPrice: 2550,
        isPremium: true,
        updatedAt: '2026-03-03T10:00:00.000Z',
      });
    });
  });
}
