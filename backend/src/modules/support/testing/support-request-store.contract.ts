import { newId, type Id } from '../../../shared/ids.js';
import type { SupportRequestStore } from '../application/ports/support-request.store.js';
import { closed, openSupportRequest, type SupportRequest } from '../domain/support-request.js';

/** What the contract needs besides the store: creators to send requests. */
export interface SupportRequestStoreHarness {
  store: SupportRequestStore;
  addCreator(details?: { username?: string; email?: string }): Promise<Id>;
}

const AT = (minute: number) => new Date(Date.UTC(2021, 2, 1, 9, minute));

/**
 * The behaviour every SupportRequestStore shares, run against the in-memory fake (unit) and PostgreSQL
 * (integration), so the fake the use-case specs trust stays honest. Assertions look only at the requests
 * each test makes (by creator or by id).
 */
export function supportRequestStoreContract(name: string, harness: () => SupportRequestStoreHarness) {
  describe(`${name} (SupportRequestStore contract)`, () => {
    const request = (creatorId: Id, minute: number, isPremium = false, subject = `Subject ${minute}`): SupportRequest =>
      openSupportRequest({
        id: newId(),
        requester: { id: creatorId, email: 'unused@example.com', displayName: 'Unused', isPremium },
        subject,
        message: `Message sent at minute ${minute}`,
        now: AT(minute),
      });

    it('stores a request as it was made, and lists a creator’s own, newest first', async () => {
      const { store, addCreator } = harness();
      const mine = await addCreator();
      const other = await addCreator();
      const first = request(mine, 1, true, 'Première — ❤️ émoji');
      const second = request(mine, 2);
      await store.insert(first);
      await store.insert(second);
      await store.insert(request(other, 3));

      expect(await store.listForCreator(mine)).toEqual([second, first]);
      expect(await store.lock(first.id)).toEqual(first);
      expect(await store.lock(newId())).toBeNull();
    });

    it('lists for operators open first, then priority, then oldest, with username and e-mail', async () => {
      const { store, addCreator } = harness();
      const username = `sup${Date.now().toString(36)}`;
      const free = await addCreator({ username, email: `${username}@example.com` });
      const premium = await addCreator();
      const freeOld = request(free, 1);
      const freeNew = request(free, 5);
      const premiumOld = request(premium, 2, true);
      const premiumNew = request(premium, 9, true);
      const premiumDone = request(premium, 0, true);
      for (const r of [freeNew, premiumNew, premiumDone, freeOld, premiumOld]) await store.insert(r);
      await store.save(closed(premiumDone, AT(20)));
      const ids = [freeOld, freeNew, premiumOld, premiumNew, premiumDone].map((r) => r.id);

      const listed = await store.listForOperators({ ids });
      expect(listed.map((r) => r.id)).toEqual([premiumOld.id, premiumNew.id, freeOld.id, freeNew.id, premiumDone.id]);
      expect(listed[2]).toEqual({ ...freeOld, username, email: `${username}@example.com` });
      expect(await store.listForOperators({ ids: [] })).toEqual([]);
    });

    it('saves a closing, and filters by status', async () => {
      const { store, addCreator } = harness();
      const creator = await addCreator();
      const open = request(creator, 1);
      const done = request(creator, 2);
      await store.insert(open);
      await store.insert(done);
      const closedOne = closed(done, AT(30));

      await store.save(closedOne);

      expect(await store.lock(done.id)).toEqual(closedOne);
      const ids = [open.id, done.id];
      expect((await store.listForOperators({ ids, status: 'open' })).map((r) => r.id)).toEqual([open.id]);
      expect((await store.listForOperators({ ids, status: 'closed' })).map((r) => r.id)).toEqual([done.id]);
      expect((await store.listForOperators({ ids })).map((r) => r.id)).toEqual([open.id, done.id]);
    });
  });
}
