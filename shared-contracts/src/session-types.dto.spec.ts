import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import {
  isMeetingUrl,
  ReorderSessionTypesRequest,
  SessionTypeMessages as M,
  SessionTypeRequest,
  UpdateSessionTypeRequest,
} from './session-types.dto.js';

/** The messages the API answers (an unknown field named as the API's validation pipe names it). */
const messagesOf = (errors: ValidationError[]): string[] =>
  errors.flatMap((error) => [
    ...Object.entries(error.constraints ?? {}).map(([rule, message]) => (rule === 'whitelistValidation' ? `Unexpected field: ${error.property}` : message)),
    ...messagesOf(error.children ?? []),
  ]);

/** As the API's validation pipe runs: unknown fields refused, the first problem of each field. */
const problems = (type: new () => object, body: unknown): string[] =>
  messagesOf(
    validateSync(plainToInstance(type, body) as object, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true }),
  );

const valid = { name: 'Intro call', minutes: 30, priceCents: 2500 };

describe('SessionTypeRequest', () => {
  it.each<[string, object]>([
    ['the least', valid],
    ['the shortest and longest length, the lowest and highest price', { ...valid, minutes: 15, priceCents: 100 }],
    ['the longest length and highest price', { ...valid, minutes: 240, priceCents: 1_000_000 }],
    ['a description of 1000 characters', { ...valid, description: 'x'.repeat(1000) }],
    ['no location', { ...valid, location: null }],
    ['a video link', { ...valid, location: { kind: 'video', url: 'https://meet.example.com/abc-defg?pwd=1' } }],
    ['a generated room', { ...valid, location: { kind: 'video_generated' } }],
    ['a phone call', { ...valid, location: { kind: 'phone' } }],
    ['an address of 300 characters', { ...valid, location: { kind: 'in_person', address: 'a'.repeat(300) } }],
    [
      'five questions of every kind',
      {
        ...valid,
        questions: [
          { label: 'What would you like to talk about?', kind: 'long_text', required: true },
          { id: 'goal', label: 'Your goal', kind: 'short_text', required: false },
          { label: 'Level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] },
          { label: 'Size', kind: 'choice', required: false, choices: Array.from({ length: 10 }, (_, i) => `Choice ${i}`) },
          { label: 'q'.repeat(200), kind: 'short_text', required: false },
        ],
      },
    ],
  ])('takes %s', (_, body) => {
    expect(problems(SessionTypeRequest, body)).toEqual([]);
  });

  it('trims the name, the address, the labels and the choices', () => {
    const request = plainToInstance(SessionTypeRequest, {
      ...valid,
      name: '  Deep dive ',
      location: { kind: 'in_person', address: ' 1 Main St ' },
      questions: [{ label: ' Level ', kind: 'choice', required: true, choices: [' A ', 'B '] }],
    });
    expect(request.name).toBe('Deep dive');
    expect(request.location).toEqual({ kind: 'in_person', address: '1 Main St' });
    expect(request.questions?.[0]).toMatchObject({ label: 'Level', choices: ['A', 'B'] });
  });

  const question = { label: 'Level', kind: 'choice', required: true, choices: ['A', 'B'] };
  it.each<[string, object, string]>([
    ['no name', { minutes: 30, priceCents: 2500 }, M.nameRequired],
    ['a blank name', { ...valid, name: '   ' }, M.nameRequired],
    ['a name that is a number', { ...valid, name: 5 }, M.nameRequired],
    ['a name of 81 characters', { ...valid, name: 'n'.repeat(81) }, M.nameTooLong],
    ['no length', { name: 'x', priceCents: 2500 }, M.minutesInvalid],
    ['14 minutes', { ...valid, minutes: 14 }, M.minutesInvalid],
    ['241 minutes', { ...valid, minutes: 241 }, M.minutesInvalid],
    ['half a minute', { ...valid, minutes: 30.5 }, M.minutesInvalid],
    ['minutes in a string', { ...valid, minutes: '30' }, M.minutesInvalid],
    ['no price', { name: 'x', minutes: 30 }, M.priceInvalid],
    ['99 cents', { ...valid, priceCents: 99 }, M.priceInvalid],
    ['over $10,000', { ...valid, priceCents: 1_000_001 }, M.priceInvalid],
    ['a fraction of a cent', { ...valid, priceCents: 2500.5 }, M.priceInvalid],
    ['a negative price', { ...valid, priceCents: -100 }, M.priceInvalid],
    ['a description of 1001 characters', { ...valid, description: 'x'.repeat(1001) }, M.descriptionTooLong],
    ['a null description', { ...valid, description: null }, M.descriptionTooLong],
    ['a location that is text', { ...valid, location: 'Zoom' }, M.locationInvalid],
    ['a location that is a list', { ...valid, location: [{ kind: 'phone' }] }, M.locationInvalid],
    ['a location of no kind', { ...valid, location: {} }, M.locationKind],
    ['a location of an unknown kind', { ...valid, location: { kind: 'carrier_pigeon' } }, M.locationKind],
    ['a video link without url', { ...valid, location: { kind: 'video' } }, M.videoUrlInvalid],
    ['a video link over http', { ...valid, location: { kind: 'video', url: 'http://meet.example.com/x' } }, M.videoUrlInvalid],
    ['a javascript: video link', { ...valid, location: { kind: 'video', url: 'javascript:alert(1)' } }, M.videoUrlInvalid],
    ['a video link to localhost', { ...valid, location: { kind: 'video', url: 'https://localhost/room' } }, M.videoUrlInvalid],
    ['a video link to an IP address', { ...valid, location: { kind: 'video', url: 'https://10.0.0.1/room' } }, M.videoUrlInvalid],
    ['a video link with a password in it', { ...valid, location: { kind: 'video', url: 'https://me:pw@meet.example.com/' } }, M.videoUrlInvalid],
    ['a video link with a space', { ...valid, location: { kind: 'video', url: 'https://meet.example.com/a b' } }, M.videoUrlInvalid],
    ['a video link of 501 characters', { ...valid, location: { kind: 'video', url: `https://meet.example.com/${'a'.repeat(476)}` } }, M.videoUrlInvalid],
    ['a url on a phone call', { ...valid, location: { kind: 'phone', url: 'https://meet.example.com/x' } }, M.urlOnlyForVideo],
    ['an address on a video room', { ...valid, location: { kind: 'video_generated', address: '1 Main St' } }, M.addressOnlyInPerson],
    ['in person without an address', { ...valid, location: { kind: 'in_person' } }, M.addressInvalid],
    ['in person with a blank address', { ...valid, location: { kind: 'in_person', address: '  ' } }, M.addressInvalid],
    ['an address of 301 characters', { ...valid, location: { kind: 'in_person', address: 'a'.repeat(301) } }, M.addressInvalid],
    ['a location with a field of its own', { ...valid, location: { kind: 'phone', phone: '+1 555' } }, 'Unexpected field: phone'],
    ['questions that are no list', { ...valid, questions: 'Why?' }, M.questionsInvalid],
    ['null questions', { ...valid, questions: null }, M.questionsInvalid],
    ['six questions', { ...valid, questions: Array.from({ length: 6 }, () => ({ label: 'Q', kind: 'short_text', required: false })) }, M.questionsInvalid],
    ['a question that is text', { ...valid, questions: ['Why?'] }, M.questionInvalid],
    ['a question without label', { ...valid, questions: [{ kind: 'short_text', required: false }] }, M.questionLabelRequired],
    ['a blank label', { ...valid, questions: [{ label: ' ', kind: 'short_text', required: false }] }, M.questionLabelRequired],
    ['a label of 201 characters', { ...valid, questions: [{ label: 'q'.repeat(201), kind: 'short_text', required: false }] }, M.questionLabelTooLong],
    ['a question of an unknown kind', { ...valid, questions: [{ label: 'Q', kind: 'date', required: false }] }, M.questionKind],
    ['a question without required', { ...valid, questions: [{ label: 'Q', kind: 'short_text' }] }, M.questionRequired],
    ['required as text', { ...valid, questions: [{ label: 'Q', kind: 'short_text', required: 'yes' }] }, M.questionRequired],
    ['a question id with a space', { ...valid, questions: [{ ...question, id: 'a b' }] }, M.questionIdInvalid],
    ['a question id of 33 characters', { ...valid, questions: [{ ...question, id: 'q'.repeat(33) }] }, M.questionIdInvalid],
    ['two questions with one id', { ...valid, questions: [{ ...question, id: 'q1' }, { ...question, id: 'q1' }] }, M.questionIdsRepeated],
    ['a choice question without choices', { ...valid, questions: [{ label: 'Q', kind: 'choice', required: true }] }, M.choicesInvalid],
    ['one choice', { ...valid, questions: [{ ...question, choices: ['A'] }] }, M.choicesInvalid],
    ['eleven choices', { ...valid, questions: [{ ...question, choices: Array.from({ length: 11 }, (_, i) => `C${i}`) }] }, M.choicesInvalid],
    ['a blank choice', { ...valid, questions: [{ ...question, choices: ['A', ' '] }] }, M.choiceInvalid],
    ['a choice that is a number', { ...valid, questions: [{ ...question, choices: ['A', 2] }] }, M.choiceInvalid],
    ['a choice of 101 characters', { ...valid, questions: [{ ...question, choices: ['A', 'c'.repeat(101)] }] }, M.choiceInvalid],
    ['the same choice twice', { ...valid, questions: [{ ...question, choices: ['Yes', ' yes'] }] }, M.choicesRepeated],
    ['choices on a text question', { ...valid, questions: [{ label: 'Q', kind: 'short_text', required: true, choices: ['A', 'B'] }] }, M.choicesOnlyForChoice],
    ['a question with a field of its own', { ...valid, questions: [{ ...question, placeholder: 'x' }] }, 'Unexpected field: placeholder'],
    ['enabled, which only a change takes', { ...valid, enabled: false }, 'Unexpected field: enabled'],
  ])('refuses %s', (_, body, message) => {
    expect(problems(SessionTypeRequest, body)[0]).toBe(message);
  });
});

describe('UpdateSessionTypeRequest', () => {
  it.each<[string, object]>([
    ['a name alone', { name: 'Renamed' }],
    ['switching off', { enabled: false }],
    ['unsetting the location', { location: null }],
    ['no questions any more', { questions: [] }],
    ['nothing (the use case answers that)', {}],
  ])('takes %s', (_, body) => {
    expect(problems(UpdateSessionTypeRequest, body)).toEqual([]);
  });

  it.each<[string, object, string]>([
    ['a null name', { name: null }, M.nameRequired],
    ['a null length', { minutes: null }, M.minutesInvalid],
    ['a null price', { priceCents: null }, M.priceInvalid],
    ['enabled as text', { enabled: 'no' }, M.enabledInvalid],
    ['an unknown field', { position: 3 }, 'Unexpected field: position'],
    ['a bad video link', { location: { kind: 'video', url: 'ftp://x.example.com' } }, M.videoUrlInvalid],
  ])('refuses %s', (_, body, message) => {
    expect(problems(UpdateSessionTypeRequest, body)[0]).toBe(message);
  });
});

describe('ReorderSessionTypesRequest', () => {
  it('takes ids and refuses anything else', () => {
    expect(problems(ReorderSessionTypesRequest, { ids: ['0b0f4a8e-6b8e-4a43-9a57-3f0f4c1e9b61'] })).toEqual([]);
    expect(problems(ReorderSessionTypesRequest, { ids: 'x' })[0]).toBe(M.orderIds);
    expect(problems(ReorderSessionTypesRequest, { ids: ['x'] })[0]).toBe(M.orderIds);
    expect(problems(ReorderSessionTypesRequest, {})[0]).toBe(M.orderIds);
  });
});

describe('isMeetingUrl', () => {
  it.each([
    ['https://zoom.us/j/123456789', true],
    ['https://meet.google.com/abc-defg-hij', true],
    ['HTTPS://Whereby.com/room', true],
    ['https://teams.microsoft.com/l/meetup-join/19%3ameeting', true],
    ['http://zoom.us/j/1', false],
    [' https://zoom.us/j/1', false],
    ['https://zoom', false],
    ['https://[::1]/x', false],
    ['data:text/html,hi', false],
    [42, false],
  ])('%p → %p', (value, expected) => {
    expect(isMeetingUrl(value)).toBe(expected);
  });
});
