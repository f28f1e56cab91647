import type { INestApplication } from '@nestjs/common';
import {
  Messages,
  SESSION_TYPES_PER_CREATOR,
  SessionTypeMessages as M,
  type AccountExport,
  type SessionTypeView,
} from '@linkbio/shared-contracts';
import { SessionTypeCatalog } from '../src/modules/session-types/application/ports/session-type-catalog.js';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * A creator's session types (GET/POST/PUT/DELETE /api/session-types, PUT /api/session-types/order) over HTTP on
 * real PostgreSQL and Redis: what the creator changes, what the booking side then offers (SessionTypeCatalog),
 * the booking price they had before becoming their first type, the export and the account's deletion.
 */

const intro = { name: 'Intro call', minutes: 30, priceCents: 2500 };
const AVAILABILITY = {
  timeZone: 'Europe/Berlin',
  sessionMinutes: 45,
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 30,
  weekly: [{ day: 1, start: '09:00', end: '12:00' }],
  datesOff: [],
  cancellationHours: 24,
};

describe('session types over HTTP', () => {
  let app: INestApplication;
  const db = new Database();

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
    await db.close();
  });

  const list = async (client: Agent) => (await client.get('/api/session-types').expect(200)).body as SessionTypeView[];
  const add = async (client: Agent, body: object) => (await client.post('/api/session-types').send(body).expect(201)).body as SessionTypeView;
  const stored = async (creatorId: string) =>
    (await db.query('select * from session_types where creator_id = $1 order by position, created_at, id', [creatorId])).rows;
  const bookable = (creatorId: string) => app.get(SessionTypeCatalog).bookable(creatorId);

  it('adds, lists in order, changes, reorders and deletes a creator’s types', async () => {
    const { client, user } = await signedInCreator(app);
    expect(await list(client)).toEqual([]);

    const call = await add(client, {
      ...intro,
      name: '  Intro call ',
      description: 'Line one\r\n<b>two</b>',
      location: { kind: 'video', url: 'https://meet.example.com/abc-defg' },
      questions: [
        { label: 'What would you like to talk about?', kind: 'long_text', required: true },
        { id: 'level', label: 'Level', kind: 'choice', required: false, choices: [' Beginner', 'Advanced '] },
      ],
    });
    expect(call).toEqual({
      id: expect.any(String),
      name: 'Intro call',
      minutes: 30,
      priceCents: 2500,
      description: 'Line one\n<b>two</b>',
      location: { kind: 'video', url: 'https://meet.example.com/abc-defg' },
      questions: [
        { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), label: 'What would you like to talk about?', kind: 'long_text', required: true },
        { id: 'level', label: 'Level', kind: 'choice', required: false, choices: ['Beginner', 'Advanced'] },
      ],
      enabled: true,
    });
    const walk = await add(client, { name: 'Walk and talk', minutes: 90, priceCents: 9000, location: { kind: 'in_person', address: '1 Park Lane' } });
    const phone = await add(client, { name: 'Quick question', minutes: 15, priceCents: 100, location: { kind: 'phone' } });
    expect((await list(client)).map((t) => t.id)).toEqual([call.id, walk.id, phone.id]);

    const changed = (await client.put(`/api/session-types/${call.id}`).send({ priceCents: 3000, location: null, questions: [call.questions[0]] }).expect(200))
      .body as SessionTypeView;
    expect(changed).toEqual({ ...call, priceCents: 3000, location: null, questions: [call.questions[0]] });
    expect((await list(client))[0]).toEqual(changed);

    const reordered = (await client.put('/api/session-types/order').send({ ids: [phone.id, call.id, walk.id] }).expect(200)).body as SessionTypeView[];
    expect(reordered.map((t) => t.id)).toEqual([phone.id, call.id, walk.id]);
    for (const ids of [[phone.id, call.id], [phone.id, call.id, walk.id, walk.id], []]) {
      expect((await client.put('/api/session-types/order').send({ ids }).expect(400)).body.message).toBe(M.orderIds);
    }
    expect((await list(client)).map((t) => t.id)).toEqual([phone.id, call.id, walk.id]);

    expect((await client.delete(`/api/session-types/${call.id}`).expect(200)).body).toEqual({ message: M.deleted });
    expect((await list(client)).map((t) => t.id)).toEqual([phone.id, walk.id]);
    expect((await client.delete(`/api/session-types/${call.id}`).expect(404)).body.message).toBe(M.notFound);
    expect((await stored(user.id)).map((row) => row.id)).toEqual([phone.id, walk.id]);
  });

  it('switches types on and off: the booking side offers only those on, in their order', async () => {
    const { client, user } = await signedInCreator(app);
    const a = await add(client, { ...intro, name: 'A' });
    const b = await add(client, { ...intro, name: 'B', location: { kind: 'in_person', address: '1 Main St' } });
    expect((await bookable(user.id)).map((t) => t.name)).toEqual(['A', 'B']);

    const off = (await client.put(`/api/session-types/${a.id}`).send({ enabled: false }).expect(200)).body as SessionTypeView;
    expect(off).toEqual({ ...a, enabled: false });
    expect(await bookable(user.id)).toEqual([
      { id: b.id, name: 'B', minutes: 30, priceCents: 2500, description: '', location: { kind: 'in_person', address: '1 Main St' }, questions: [] },
    ]);
    await client.put(`/api/session-types/${b.id}`).send({ enabled: false }).expect(200);
    expect(await bookable(user.id)).toEqual([]);
    expect((await list(client)).map((t) => [t.name, t.enabled])).toEqual([['A', false], ['B', false]]);

    await client.put(`/api/session-types/${a.id}`).send({ enabled: true }).expect(200);
    await client.put('/api/session-types/order').send({ ids: [b.id, a.id] }).expect(200);
    await client.put(`/api/session-types/${b.id}`).send({ enabled: true }).expect(200);
    expect((await bookable(user.id)).map((t) => t.name)).toEqual(['B', 'A']);
  });

  it(`holds at most ${SESSION_TYPES_PER_CREATOR} types a creator, also when added at once`, async () => {
    const { client, user } = await signedInCreator(app);
    const answers = await Promise.all(
      Array.from({ length: SESSION_TYPES_PER_CREATOR + 3 }, (_, i) => client.post('/api/session-types').send({ ...intro, name: `Type ${i}` })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SESSION_TYPES_PER_CREATOR);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(Array.from({ length: 3 }, () => [400, M.tooMany]));
    expect(await stored(user.id)).toHaveLength(SESSION_TYPES_PER_CREATOR);
    expect(new Set((await stored(user.id)).map((row) => row.position)).size).toBe(SESSION_TYPES_PER_CREATOR);
  });

  it('answers 404 for someone else’s type, as for a missing one, and changes nothing', async () => {
    const owner = await signedInCreator(app);
    const other = await signedInCreator(app);
    const type = await add(owner.client, intro);
    const before = await stored(owner.user.id);
    for (const id of [type.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await other.client.put(`/api/session-types/${id}`).send({ name: 'Mine now' }).expect(404)).body.message).toBe(M.notFound);
      expect((await other.client.delete(`/api/session-types/${id}`).expect(404)).body.message).toBe(M.notFound);
    }
    expect((await other.client.put('/api/session-types/order').send({ ids: [type.id] }).expect(400)).body.message).toBe(M.orderIds);
    expect(await list(other.client)).toEqual([]);
    expect(await stored(owner.user.id)).toEqual(before);
  });

  it('asks a visitor to sign in', async () => {
    const visitor = agent(app);
    expect((await visitor.get('/api/session-types').expect(401)).body.message).toBe(Messages.notSignedIn);
    await visitor.post('/api/session-types').send(intro).expect(401);
  });

  const question = { label: 'Level', kind: 'choice', required: true, choices: ['A', 'B'] };
  it.each<[string, object, string]>([
    ['no name', { minutes: 30, priceCents: 2500 }, M.nameRequired],
    ['a blank name', { ...intro, name: '  ' }, M.nameRequired],
    ['a name of 81 characters', { ...intro, name: 'n'.repeat(81) }, M.nameTooLong],
    ['14 minutes', { ...intro, minutes: 14 }, M.minutesInvalid],
    ['241 minutes', { ...intro, minutes: 241 }, M.minutesInvalid],
    ['minutes as text', { ...intro, minutes: '30' }, M.minutesInvalid],
    ['a price of 99 cents', { ...intro, priceCents: 99 }, M.priceInvalid],
    ['a price over $10,000', { ...intro, priceCents: 1_000_001 }, M.priceInvalid],
    ['a fraction of a cent', { ...intro, priceCents: 12.5 }, M.priceInvalid],
    ['a description of 1001 characters', { ...intro, description: 'd'.repeat(1001) }, M.descriptionTooLong],
    ['a location as text', { ...intro, location: 'Zoom' }, M.locationInvalid],
    ['an unknown kind of location', { ...intro, location: { kind: 'teleport' } }, M.locationKind],
    ['a video link over http', { ...intro, location: { kind: 'video', url: 'http://meet.example.com/x' } }, M.videoUrlInvalid],
    ['a javascript: video link', { ...intro, location: { kind: 'video', url: 'javascript:alert(1)//x.com' } }, M.videoUrlInvalid],
    ['a video link to an IP address', { ...intro, location: { kind: 'video', url: 'https://127.0.0.1/room' } }, M.videoUrlInvalid],
    ['a video link of 501 characters', { ...intro, location: { kind: 'video', url: `https://meet.example.com/${'a'.repeat(476)}` } }, M.videoUrlInvalid],
    ['a url on a phone call', { ...intro, location: { kind: 'phone', url: 'https://meet.example.com/x' } }, M.urlOnlyForVideo],
    ['in person without an address', { ...intro, location: { kind: 'in_person' } }, M.addressInvalid],
    ['an address of 301 characters', { ...intro, location: { kind: 'in_person', address: 'a'.repeat(301) } }, M.addressInvalid],
    ['an address on a generated room', { ...intro, location: { kind: 'video_generated', address: 'x' } }, M.addressOnlyInPerson],
    ['a field of its own in the location', { ...intro, location: { kind: 'phone', phone: '+1 555' } }, Messages.unexpectedField('phone')],
    ['six questions', { ...intro, questions: Array.from({ length: 6 }, () => question) }, M.questionsInvalid],
    ['a question as text', { ...intro, questions: ['Why?'] }, M.questionInvalid],
    ['a question without label', { ...intro, questions: [{ kind: 'short_text', required: true }] }, M.questionLabelRequired],
    ['a label of 201 characters', { ...intro, questions: [{ ...question, label: 'q'.repeat(201) }] }, M.questionLabelTooLong],
    ['an unknown kind of question', { ...intro, questions: [{ ...question, kind: 'date' }] }, M.questionKind],
    ['required as text', { ...intro, questions: [{ ...question, required: 'yes' }] }, M.questionRequired],
    ['a bad question id', { ...intro, questions: [{ ...question, id: '<script>' }] }, M.questionIdInvalid],
    ['two questions with one id', { ...intro, questions: [{ ...question, id: 'a' }, { ...question, id: 'a' }] }, M.questionIdsRepeated],
    ['one choice', { ...intro, questions: [{ ...question, choices: ['Only'] }] }, M.choicesInvalid],
    ['eleven choices', { ...intro, questions: [{ ...question, choices: Array.from({ length: 11 }, (_, i) => `C${i}`) }] }, M.choicesInvalid],
    ['a choice of 101 characters', { ...intro, questions: [{ ...question, choices: ['A', 'c'.repeat(101)] }] }, M.choiceInvalid],
    ['the same choice twice', { ...intro, questions: [{ ...question, choices: ['Yes', 'YES'] }] }, M.choicesRepeated],
    ['choices on a text question', { ...intro, questions: [{ ...question, kind: 'short_text' }] }, M.choicesOnlyForChoice],
    ['an unknown field', { ...intro, position: 0 }, Messages.unexpectedField('position')],
  ])('refuses to add a type with %s: 400 with its message, nothing stored', async (_, body, message) => {
    const { client, user } = await signedInCreator(app);
    const answer = await client.post('/api/session-types').send(body).expect(400);
    expect(answer.body.message).toBe(message);
    expect(await stored(user.id)).toEqual([]);
  });

  it.each<[string, object, string]>([
    ['nothing', {}, M.nothingToUpdate],
    ['a null name', { name: null }, M.nameRequired],
    ['a null price', { priceCents: null }, M.priceInvalid],
    ['enabled as text', { enabled: 'off' }, M.enabledInvalid],
    ['a bad video link', { location: { kind: 'video', url: 'https://localhost/x' } }, M.videoUrlInvalid],
    ['choices on a long-text question', { questions: [{ label: 'Q', kind: 'long_text', required: false, choices: ['a', 'b'] }] }, M.choicesOnlyForChoice],
  ])('refuses to change a type with %s: 400 with its message, nothing changed', async (_, body, message) => {
    const { client, user } = await signedInCreator(app);
    const type = await add(client, intro);
    const before = await stored(user.id);
    expect((await client.put(`/api/session-types/${type.id}`).send(body).expect(400)).body.message).toBe(message);
    expect(await stored(user.id)).toEqual(before);
  });

  it('stores the booking price and session length a creator had as their first type, once, however many ask at once', async () => {
    const { client, user } = await signedInCreator(app);
    await client.put('/api/users/availability').send(AVAILABILITY).expect(200);
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    expect(await bookable(user.id)).toEqual([{ id: null, name: 'Session', minutes: null, priceCents: 4000, description: '', location: null, questions: [] }]);

    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/api/session-types').expect(200)));
    const first = answers[0]!.body as SessionTypeView[];
    expect(first).toEqual([
      { id: expect.any(String), name: 'Session', minutes: 45, priceCents: 4000, description: '', location: null, questions: [], enabled: true },
    ]);
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(await stored(user.id)).toHaveLength(1);
    expect(await bookable(user.id)).toEqual([{ id: first[0]!.id, name: 'Session', minutes: 45, priceCents: 4000, description: '', location: null, questions: [] }]);

    // Their only type cannot be deleted: with none stored, the booking price would offer "Session" again.
    expect((await client.delete(`/api/session-types/${first[0]!.id}`).expect(400)).body.message).toBe(M.onlyType);
    const added = await add(client, intro);
    expect((await list(client)).map((t) => t.id)).toEqual([first[0]!.id, added.id]);
    await client.delete(`/api/session-types/${first[0]!.id}`).expect(200);
    expect((await list(client)).map((t) => t.id)).toEqual([added.id]);
  });

  it('stores the implicit type before the first one a creator adds, so their offer stays first', async () => {
    const { client, user } = await signedInCreator(app);
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25.50' }).expect(200);
    const added = await add(client, intro);
    const types = await list(client);
    expect(types.map((t) => [t.name, t.minutes, t.priceCents])).toEqual([
      ['Session', 60, 2550],
      ['Intro call', 30, 2500],
    ]);
    expect(types[1]!.id).toBe(added.id);
    expect(await stored(user.id)).toHaveLength(2);
  });

  it('lists the creator’s types in their data export', async () => {
    const { client } = await signedInCreator(app);
    const a = await add(client, { ...intro, location: { kind: 'video_generated' }, questions: [question] });
    const b = await add(client, { ...intro, name: 'Second' });
    await client.put(`/api/session-types/${b.id}`).send({ enabled: false }).expect(200);
    const data = (await client.get('/api/users/me/export').expect(200)).body as AccountExport;
    expect(data.sessionTypes).toEqual([
      { ...a, order: 0, createdAt: expect.any(String), updatedAt: expect.any(String) },
      { ...b, enabled: false, order: 1, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
  });

  it('deletes the creator’s types with their account', async () => {
    const { client, user, details } = await signedInCreator(app);
    await add(client, intro);
    await add(client, { ...intro, name: 'Second' });
    expect(await stored(user.id)).toHaveLength(2);
    await client.delete('/api/users/me').send({ password: details.password }).expect(200);
    expect(await stored(user.id)).toEqual([]);
  });
});
