import type { Id } from '../../../shared/ids.js';
import { newId } from '../../../shared/ids.js';
import type { SessionTypeRepository } from '../application/ports/session-type.repository.js';
import type { ImplicitSessionType, SessionType } from '../domain/session-type.js';

export interface SessionTypeRepositoryFixture {
  types: SessionTypeRepository;
  /** Stores a creator; with `implicit`, their booking price and availability's session length. */
  newCreator(implicit?: ImplicitSessionType): Promise<Id>;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2027-02-01T09:00:00.000Z');

const aType = (creatorId: Id, overrides: Partial<SessionType> = {}, minute = 0): SessionType => ({
  id: newId(),
  creatorId,
  name: 'Intro call',
  minutes: 30,
  priceCents: 2500,
  description: '',
  location: null,
  questions: [],
  enabled: true,
  position: 0,
  createdAt: new Date(T0 + minute * 60_000),
  updatedAt: new Date(T0 + minute * 60_000),
  ...overrides,
});

const implicitFrom = (creatorId: Id) => (implicit: ImplicitSessionType) => aType(creatorId, { name: 'Session', ...implicit });

/** What SessionTypeRepository promises, run against the in-memory fake and PostgreSQL alike. */
export function describeSessionTypeRepositoryContract(name: string, setUp: () => Promise<SessionTypeRepositoryFixture>): void {
  describe(`SessionTypeRepository (${name})`, () => {
    let fixture: SessionTypeRepositoryFixture;
    beforeEach(async () => {
      fixture = await setUp();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('adds at the end, keeps every field, and lists in order', async () => {
      const creator = await fixture.newCreator();
      const first = aType(creator, {
        location: { kind: 'in_person', address: '1 Main St' },
        questions: [{ id: 'a', label: 'Level', kind: 'choice', required: true, choices: ['x', 'y'] }],
      });
      const second = aType(creator, { name: 'Second', enabled: false }, 1);
      expect(await fixture.types.insert(first, 5)).toBe(true);
      expect(await fixture.types.insert(second, 5)).toBe(true);
      expect([first.position, second.position]).toEqual([0, 1]);
      expect(await fixture.types.listOwned(creator)).toEqual([first, second]);
      expect(await fixture.types.findOwned(creator, second.id)).toEqual(second);
      expect(await fixture.types.findOwned(await fixture.newCreator(), second.id)).toBeNull();
    });

    it('refuses an insert past the limit', async () => {
      const creator = await fixture.newCreator();
      expect(await fixture.types.insert(aType(creator), 1)).toBe(true);
      expect(await fixture.types.insert(aType(creator), 1)).toBe(false);
      expect(await fixture.types.listOwned(creator)).toHaveLength(1);
    });

    it('saves fields but not the position, only for the creator', async () => {
      const creator = await fixture.newCreator();
      const type = aType(creator);
      await fixture.types.insert(type, 5);
      const changed = { ...type, name: 'Renamed', location: { kind: 'phone' as const }, position: 7, updatedAt: new Date(T0 + 3_600_000) };
      expect(await fixture.types.save(changed)).toBe(true);
      expect(await fixture.types.findOwned(creator, type.id)).toEqual({ ...changed, position: 0 });
      expect(await fixture.types.save({ ...changed, creatorId: await fixture.newCreator() })).toBe(false);
    });

    it('stores the implicit type only for a creator with a booking price and no type', async () => {
      const priced = await fixture.newCreator({ priceCents: 4000, minutes: 45 });
      await fixture.types.storeImplicit(priced, implicitFrom(priced));
      await fixture.types.storeImplicit(priced, implicitFrom(priced));
      expect(await fixture.types.listOwned(priced)).toMatchObject([{ name: 'Session', priceCents: 4000, minutes: 45, position: 0 }]);

      const unpriced = await fixture.newCreator();
      await fixture.types.storeImplicit(unpriced, implicitFrom(unpriced));
      expect(await fixture.types.listOwned(unpriced)).toEqual([]);

      const withTypes = await fixture.newCreator({ priceCents: 4000, minutes: 60 });
      await fixture.types.insert(aType(withTypes), 5);
      await fixture.types.storeImplicit(withTypes, implicitFrom(withTypes));
      expect((await fixture.types.listOwned(withTypes)).map((t) => t.name)).toEqual(['Intro call']);
    });

    it('removes a type, answers missing for anyone else’s, and keeps the only one of a creator with a booking price', async () => {
      const creator = await fixture.newCreator({ priceCents: 4000, minutes: 60 });
      const [a, b] = [aType(creator), aType(creator, {}, 1)];
      await fixture.types.insert(a, 5);
      await fixture.types.insert(b, 5);
      expect(await fixture.types.remove(await fixture.newCreator(), a.id)).toBe('missing');
      expect(await fixture.types.remove(creator, a.id)).toBe('removed');
      expect(await fixture.types.remove(creator, a.id)).toBe('missing');
      expect(await fixture.types.remove(creator, b.id)).toBe('only-type');
      expect((await fixture.types.listOwned(creator)).map((t) => t.id)).toEqual([b.id]);

      const unpriced = await fixture.newCreator();
      const only = aType(unpriced);
      await fixture.types.insert(only, 5);
      expect(await fixture.types.remove(unpriced, only.id)).toBe('removed');
    });

    it('reorders with exactly the creator’s ids', async () => {
      const creator = await fixture.newCreator();
      const [a, b, c] = [aType(creator), aType(creator, {}, 1), aType(creator, {}, 2)];
      for (const type of [a, b, c]) await fixture.types.insert(type, 5);
      const now = new Date(T0 + 7_200_000);
      expect(await fixture.types.reorder(creator, [c.id, a.id, b.id], now)).toBe(true);
      expect((await fixture.types.listOwned(creator)).map((t) => [t.id, t.position])).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);
      for (const ids of [[c.id, a.id], [c.id, a.id, a.id], [c.id, a.id, b.id, newId()]]) {
        expect(await fixture.types.reorder(creator, ids, now)).toBe(false);
      }
      expect((await fixture.types.listOwned(creator)).map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    });
  });
}
