import { SESSION_TYPES_PER_CREATOR, SessionTypeMessages, type SessionTypeRequest } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemorySessionTypeRepository } from '../testing/in-memory-session-type.repository.js';
import { ManageSessionTypesUseCase } from './manage-session-types.use-case.js';

const ALICE = 'b3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'b3c8e2d4-1111-4a6b-9c0d-00000000000b';

function setup() {
  const repository = new InMemorySessionTypeRepository();
  const clock = new FixedClock();
  return { repository, clock, types: new ManageSessionTypesUseCase(repository, clock) };
}

const intro: SessionTypeRequest = { name: 'Intro call', minutes: 30, priceCents: 2500 };

describe('ManageSessionTypesUseCase', () => {
  it('stores a creator’s booking price and session length as their first type, once', async () => {
    const { repository, types } = setup();
    repository.implicit.set(ALICE, { priceCents: 4000, minutes: 45 });
    const first = await types.list(ALICE);
    const again = await types.list(ALICE);
    expect(first).toMatchObject([{ name: 'Session', priceCents: 4000, minutes: 45, enabled: true, location: null, questions: [] }]);
    expect(again.map((t) => t.id)).toEqual(first.map((t) => t.id));
    expect(repository.types.size).toBe(1);
  });

  it('lists nothing for a creator without a booking price', async () => {
    const { types } = setup();
    expect(await types.list(ALICE)).toEqual([]);
  });

  it('adds after the implicit type, so the existing offer stays first', async () => {
    const { repository, types } = setup();
    repository.implicit.set(ALICE, { priceCents: 4000, minutes: 60 });
    const added = await types.create(ALICE, { ...intro, description: 'Line one\r\nLine two' });
    expect(added).toMatchObject({ name: 'Intro call', minutes: 30, priceCents: 2500, enabled: true, description: 'Line one\nLine two' });
    expect((await types.list(ALICE)).map((t) => t.name)).toEqual(['Session', 'Intro call']);
  });

  it('keeps only the fields of the location’s kind and gives new questions ids, keeping those sent', async () => {
    const { types } = setup();
    const added = await types.create(ALICE, {
      ...intro,
      location: { kind: 'in_person', address: '1 Main St' },
      questions: [
        { id: 'topic', label: 'Topic', kind: 'short_text', required: true },
        { label: 'Level', kind: 'choice', required: false, choices: ['New', 'Old'] },
      ],
    });
    expect(added.location).toEqual({ kind: 'in_person', address: '1 Main St' });
    expect(added.questions[0]).toEqual({ id: 'topic', label: 'Topic', kind: 'short_text', required: true });
    expect(added.questions[1]).toMatchObject({ label: 'Level', kind: 'choice', choices: ['New', 'Old'] });
    expect(added.questions[1]!.id).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it(`refuses a type past ${SESSION_TYPES_PER_CREATOR}, counting the implicit one`, async () => {
    const { repository, types } = setup();
    repository.implicit.set(ALICE, { priceCents: 4000, minutes: 60 });
    for (let i = 1; i < SESSION_TYPES_PER_CREATOR; i += 1) await types.create(ALICE, { ...intro, name: `Type ${i}` });
    await expect(types.create(ALICE, intro)).rejects.toEqual(aDomainError('invalid', SessionTypeMessages.tooMany));
    expect(repository.types.size).toBe(SESSION_TYPES_PER_CREATOR);
  });

  it('changes only the fields given, switches off, unsets the location', async () => {
    const { types, clock } = setup();
    const added = await types.create(ALICE, { ...intro, location: { kind: 'phone' } });
    clock.advance(1000);
    const changed = await types.update(ALICE, added.id, { priceCents: 3000, enabled: false, location: null });
    expect(changed).toMatchObject({ name: 'Intro call', minutes: 30, priceCents: 3000, enabled: false, location: null });
    expect(changed.updatedAt.getTime()).toBeGreaterThan(added.updatedAt.getTime());
    expect((await types.list(ALICE))[0]).toMatchObject({ priceCents: 3000, enabled: false });
  });

  it('refuses an empty change and anyone else’s type', async () => {
    const { types } = setup();
    const added = await types.create(ALICE, intro);
    await expect(types.update(ALICE, added.id, {})).rejects.toEqual(aDomainError('invalid', SessionTypeMessages.nothingToUpdate));
    await expect(types.update(BOB, added.id, { name: 'Mine' })).rejects.toEqual(aDomainError('not_found', SessionTypeMessages.notFound));
    await expect(types.delete(BOB, added.id)).rejects.toEqual(aDomainError('not_found', SessionTypeMessages.notFound));
    expect((await types.list(ALICE))[0]!.name).toBe('Intro call');
  });

  it('reorders with exactly the creator’s ids', async () => {
    const { types } = setup();
    const a = await types.create(ALICE, { ...intro, name: 'A' });
    const b = await types.create(ALICE, { ...intro, name: 'B' });
    const bobs = await types.create(BOB, { ...intro, name: 'Bob’s' });
    expect((await types.reorder(ALICE, [b.id, a.id])).map((t) => t.name)).toEqual(['B', 'A']);
    for (const ids of [[a.id], [a.id, b.id, bobs.id], [a.id, a.id], [a.id, bobs.id]]) {
      await expect(types.reorder(ALICE, ids)).rejects.toEqual(aDomainError('invalid', SessionTypeMessages.orderIds));
    }
    expect((await types.list(ALICE)).map((t) => t.name)).toEqual(['B', 'A']);
  });

  it('deletes a type, but not the only one of a creator with a booking price (it would come back as "Session")', async () => {
    const { repository, types } = setup();
    repository.implicit.set(ALICE, { priceCents: 4000, minutes: 60 });
    const added = await types.create(ALICE, intro);
    const [implicit] = await types.list(ALICE);
    await types.delete(ALICE, implicit!.id);
    await expect(types.delete(ALICE, added.id)).rejects.toEqual(aDomainError('invalid', SessionTypeMessages.onlyType));
    expect((await types.list(ALICE)).map((t) => t.name)).toEqual(['Intro call']);
    const bobs = await types.create(BOB, intro);
    await types.delete(BOB, bobs.id);
    expect(await types.list(BOB)).toEqual([]);
  });
});
