import { AccountMessages, Messages, OLD_USERNAME_HELD_DAYS } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import type { User } from '../domain/user.js';
import { renameUser } from '../domain/username-hold.js';
import { newUser, type UserRepositoryFixture } from './user-repository.contract.js';

const DAY = 24 * 60 * 60 * 1000;

async function refusal(promise: Promise<unknown>): Promise<[string, string]> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  return [(error as DomainError).kind, (error as DomainError).message];
}

/**
 * Usernames given up and held (UserRepository.rename, findHold, and add refusing held names), against the
 * in-memory fake and PostgreSQL. Times are taken around the real clock, as the database judges a hold's end
 * by its own clock when it drops one.
 */
export function describeUsernameHoldsContract(name: string, setup: () => Promise<UserRepositoryFixture>): void {
  describe(`UserRepository contract, held usernames: ${name}`, () => {
    let fixture: UserRepositoryFixture;

    beforeEach(async () => {
      fixture = await setup();
    });

    afterEach(() => fixture.cleanup());

    /** A stored account whose name is `username` (a unique one when left out). */
    const stored = async (username?: string, createdAt = new Date()) => {
      const user = newUser(username === undefined ? {} : { username, email: `${username}-${Math.random()}@example.com` });
      user.createdAt = createdAt;
      await fixture.users.add(user);
      return user;
    };
    const renamed = (user: User, to: string, at = new Date()) =>
      fixture.users.rename(user.id, to, (current, hold) => renameUser(current, to, hold, at));
    const newName = () => newUser().username;

    it('renames the account and holds the old name, in lower case, for it', async () => {
      const user = await stored();
      const old = user.username;
      const to = newName();
      const at = new Date(Date.now() - 1000);

      const answer = await renamed(user, to, at);

      expect(answer).toMatchObject({ id: user.id, username: to, updatedAt: at });
      const reopened = fixture.reopen();
      expect((await reopened.findById(user.id))?.username).toBe(to);
      expect((await reopened.findByUsername(to))?.id).toBe(user.id);
      expect(await reopened.findByUsername(old)).toBeNull();
      expect(await reopened.findHold(old)).toEqual({
        username: old,
        userId: user.id,
        heldUntil: new Date(at.getTime() + OLD_USERNAME_HELD_DAYS * DAY),
      });
      expect(await reopened.findHold(to)).toBeNull();
      expect(await reopened.findHold('no\u0000body')).toBeNull();
      expect(await fixture.users.rename('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', newName(), () => {
        throw new Error('not called');
      })).toBeNull();
    });

    it('refuses a new account a held name, storing nothing; once the hold ended it stores it and drops the hold', async () => {
      const heldUser = await stored();
      const old = heldUser.username;
      await renamed(heldUser, newName(), new Date(Date.now() - 29 * DAY));

      const early = newUser({ username: old, email: `${newName()}@example.com` });
      expect(await refusal(fixture.users.add(early))).toEqual(['conflict', AccountMessages.usernameHeld]);
      expect(await fixture.reopen().findById(early.id)).toBeNull();
      expect(await fixture.reopen().findHold(old)).toMatchObject({ userId: heldUser.id });

      const other = await stored();
      const name = other.username;
      await renamed(other, newName(), new Date(Date.now() - 31 * DAY));
      const claimant = await stored(name);
      expect((await fixture.reopen().findByUsername(name))?.id).toBe(claimant.id);
      expect(await fixture.reopen().findHold(name)).toBeNull();
    });

    it('refuses a name another account has, saving nothing', async () => {
      const user = await stored();
      const other = await stored();

      expect(await refusal(renamed(user, other.username))).toEqual(['conflict', Messages.usernameTaken]);

      expect((await fixture.reopen().findById(user.id))?.username).toBe(user.username);
      expect(await fixture.reopen().findHold(user.username)).toBeNull();
    });

    it('saves nothing when the rules refuse', async () => {
      const user = await stored();
      const holder = await stored();
      const held = holder.username;
      await renamed(holder, newName());

      expect(await refusal(renamed(user, held))).toEqual(['conflict', AccountMessages.usernameHeld]);
      expect(await refusal(renamed(user, user.username.toUpperCase()))).toEqual(['invalid', Messages.usernameCharacters]);

      expect((await fixture.reopen().findById(user.id))?.username).toBe(user.username);
      expect(await fixture.reopen().findHold(user.username)).toBeNull();
      expect(await fixture.reopen().findHold(held)).toMatchObject({ userId: holder.id });
    });

    it('lets the account take its old name back: that hold goes, the name it leaves is held', async () => {
      const user = await stored();
      const first = user.username;
      const second = newName();
      await renamed(user, second);

      await renamed(user, first);

      expect((await fixture.reopen().findByUsername(first))?.id).toBe(user.id);
      expect(await fixture.reopen().findHold(first)).toBeNull();
      expect(await fixture.reopen().findHold(second)).toMatchObject({ userId: user.id });
    });

    it('lets one claim of a name win when sign-ups and renames race for it', async () => {
      const rounds = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const owner = await stored();
          const given = owner.username;
          const rival = await stored();
          const claimant = newUser({ username: given, email: `${newName()}@example.com` });
          const results = await Promise.allSettled([
            renamed(owner, newName()),
            fixture.users.add(claimant),
            renamed(rival, given),
          ]);
          return { owner, given, results };
        }),
      );

      for (const { owner, given, results } of rounds) {
        // The owner gives the name up; whoever comes before finds it taken, whoever comes after finds it held.
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
        for (const result of results.slice(1) as PromiseRejectedResult[]) {
          expect(result.reason).toBeInstanceOf(DomainError);
          expect([Messages.usernameTaken, AccountMessages.usernameHeld]).toContain((result.reason as DomainError).message);
        }
        expect(await fixture.reopen().findByUsername(given)).toBeNull();
        expect(await fixture.reopen().findHold(given)).toMatchObject({ userId: owner.id });
      }
    });

    it('gives a free name to exactly one of two accounts renaming to it at once', async () => {
      const rounds = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const [first, second] = [await stored(), await stored()];
          const wanted = newName();
          return Promise.allSettled([renamed(first, wanted), renamed(second, wanted)]);
        }),
      );

      for (const results of rounds) {
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect((refused.reason as DomainError).message).toBe(Messages.usernameTaken);
      }
    });
  });
}
