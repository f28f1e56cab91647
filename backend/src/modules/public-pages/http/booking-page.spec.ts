import { OpenSlots, type OpenSlotsWeek } from '../../scheduling/application/ports/open-slots.js';
import type { BookableSessionType } from '../../session-types/application/ports/session-type-catalog.js';
import { InMemorySessionTypeCatalog } from '../../session-types/testing/in-memory-session-type-catalog.js';
import type { PublicPage } from '../domain/public-page.js';
import { bookingPageChoice } from './booking-page.js';

const SHORT = '00000000-0000-4000-8000-000000000030';
const LONG = '00000000-0000-4000-8000-000000000090';

/** OpenSlots answering a week of sessions of the type asked for (its minutes), noting the types asked for. */
class FakeOpenSlots extends OpenSlots {
  readonly asked: Array<string | undefined> = [];
  week(_username: string, _from: string | undefined, type?: string): Promise<OpenSlotsWeek> {
    this.asked.push(type);
    const minutes = type === SHORT ? 30 : 90;
    return Promise.resolve({
      timeZone: 'UTC',
      sessionMinutes: minutes,
      scheduled: true,
      slots: [{ start: '2027-03-02T09:00:00.000Z', end: new Date(Date.parse('2027-03-02T09:00:00.000Z') + minutes * 60_000).toISOString() }],
      from: '2027-03-01',
      today: '2027-03-01',
      lastDate: '2027-03-31',
    });
  }
}

const aType = (id: string | null, minutes: number | null, location: BookableSessionType['location']): BookableSessionType => ({
  id,
  name: `Type ${minutes}`,
  minutes,
  priceCents: 4000,
  description: 'About it',
  location,
  questions: [{ id: 'q1', label: 'Why?', kind: 'choice', required: true, choices: ['A', 'B'] }],
});

const page = (enableBooking = true) =>
  ({ ownerId: 'owner-1', version: '1', links: [], user: { username: 'maya', enableBooking, bookingPrice: 3000 } }) as unknown as PublicPage;

function world(types: BookableSessionType[]) {
  const catalog = new InMemorySessionTypeCatalog();
  catalog.set('owner-1', types);
  const slots = new FakeOpenSlots();
  return { choice: (url: string, enableBooking = true) => bookingPageChoice(catalog, slots, page(enableBooking), url), slots };
}

describe('bookingPageChoice (the booking page’s ?type=)', () => {
  const two = [aType(LONG, 90, { kind: 'in_person', address: '1 Secret Lane' }), aType(SHORT, 30, { kind: 'video', url: 'https://zoom.us/j/42' })];

  it('lists the types by kind of place only, and asks which one before any time', async () => {
    const { choice, slots } = world(two);
    const offered = await choice('/book/maya');
    expect(offered.sessionTypeId).toBeNull();
    expect(offered.times).toBeNull();
    expect(offered.sessionTypes.map((type) => [type.id, type.minutes, type.locationKind])).toEqual([
      [LONG, 90, 'in_person'],
      [SHORT, 30, 'video'],
    ]);
    expect(JSON.stringify(offered)).not.toMatch(/Secret Lane|zoom\.us/);
    expect(slots.asked).toEqual([]);
  });

  it('gives the times of the type chosen by ?type=, and asks again for a type not offered', async () => {
    const { choice, slots } = world(two);
    const chosen = await choice(`/book/maya?type=${SHORT}&from=2027-03-02`);
    expect(chosen.sessionTypeId).toBe(SHORT);
    expect(chosen.times).toMatchObject({ sessionMinutes: 30, slots: [{ end: '2027-03-02T09:30:00.000Z' }] });
    expect(slots.asked).toEqual([SHORT]);
    expect(await choice('/book/maya?type=00000000-0000-4000-8000-000000000000')).toMatchObject({ sessionTypeId: null, times: null });
    expect(await choice(`/book/maya?type=${SHORT}&type=${LONG}`)).toMatchObject({ sessionTypeId: null, times: null });
  });

  it('chooses the only type', async () => {
    const { choice } = world([two[0]!]);
    expect(await choice('/book/maya')).toMatchObject({ sessionTypeId: LONG, times: { sessionMinutes: 90 } });
  });

  it('lists no type for a creator who never added one, whose times are as before', async () => {
    const { choice, slots } = world([aType(null, null, null)]);
    expect(await choice('/book/maya')).toMatchObject({ sessionTypes: [], sessionTypeId: null, times: { sessionMinutes: 90 } });
    expect(slots.asked).toEqual([undefined]);
  });

  it('offers nothing when booking is off or no type is on', async () => {
    expect(await world(two).choice('/book/maya', false)).toEqual({ sessionTypes: [], sessionTypeId: null, times: null });
    expect(await world([]).choice('/book/maya')).toEqual({ sessionTypes: [], sessionTypeId: null, times: null });
  });
});
