import {
  INTAKE_CHOICE_MAX,
  INTAKE_CHOICES_MAX,
  INTAKE_QUESTION_LABEL_MAX,
  isMeetingUrl,
  LOCATION_KIND_LABELS,
  MAX_BOOKING_PRICE_CENTS,
  MEETING_ADDRESS_MAX,
  MIN_BOOKING_PRICE_CENTS,
  parseDollarsToCents,
  formatCents,
  SESSION_TYPE_MINUTES,
  SESSION_TYPE_NAME_MAX,
  SessionTypeMessages as M,
  type IntakeQuestionKind,
  type SessionLocation,
  type SessionLocationKind,
  type SessionTypeView,
} from '@linkbio/shared-contracts';
import type { QuestionInput, SessionTypeInput } from './api/session-types';

/** "Where to meet" as the form picks it: nothing set, or one of the kinds. */
export type PlaceChoice = 'none' | SessionLocationKind;

export const PLACE_LABELS: Record<PlaceChoice, string> = {
  none: 'Not set (I tell each visitor)',
  video: 'My video link (Zoom, Meet, Teams…)',
  video_generated: 'A video room made for each booking',
  phone: 'A phone call (I call the visitor)',
  in_person: 'In person, at an address',
};

export const QUESTION_KIND_LABELS: Record<IntakeQuestionKind, string> = {
  short_text: 'Short answer',
  long_text: 'Long answer',
  choice: 'One of several choices',
};

export interface QuestionValues {
  /** Tells rows apart while editing (a new question has no id yet). */
  key: string;
  id?: string;
  label: string;
  kind: IntakeQuestionKind;
  required: boolean;
  /** One choice a line. */
  choices: string;
}

export interface SessionTypeValues {
  name: string;
  minutes: string;
  price: string;
  description: string;
  place: PlaceChoice;
  url: string;
  address: string;
  questions: QuestionValues[];
}

export type SessionTypeErrors = Partial<Record<'name' | 'minutes' | 'price' | 'url' | 'address' | 'questions', string>>;

let nextKey = 0;
export const newQuestionKey = () => `q-${(nextKey += 1)}`;

export function valuesOf(type?: SessionTypeView): SessionTypeValues {
  return {
    name: type?.name ?? '',
    minutes: String(type?.minutes ?? 60),
    price: type ? formatCents(type.priceCents) : '',
    description: type?.description ?? '',
    place: type?.location?.kind ?? 'none',
    url: type?.location?.kind === 'video' ? type.location.url : '',
    address: type?.location?.kind === 'in_person' ? type.location.address : '',
    questions: (type?.questions ?? []).map((q) => ({
      key: newQuestionKey(),
      id: q.id,
      label: q.label,
      kind: q.kind,
      required: q.required,
      choices: (q.choices ?? []).join('\n'),
    })),
  };
}

const choicesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The checks the server makes, with its words, so most mistakes are shown before saving. */
export function check(values: SessionTypeValues): SessionTypeErrors {
  const errors: SessionTypeErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = M.nameRequired;
  else if ([...name].length > SESSION_TYPE_NAME_MAX) errors.name = M.nameTooLong;
  const minutes = Number(values.minutes);
  if (!/^\d+$/.test(values.minutes.trim()) || minutes < SESSION_TYPE_MINUTES.min || minutes > SESSION_TYPE_MINUTES.max) errors.minutes = M.minutesInvalid;
  const cents = parseDollarsToCents(values.price.trim());
  if (cents === null || cents < MIN_BOOKING_PRICE_CENTS || cents > MAX_BOOKING_PRICE_CENTS) errors.price = M.priceDollarsInvalid;
  if (values.place === 'video' && !isMeetingUrl(values.url.trim())) errors.url = M.videoUrlInvalid;
  const address = values.address.trim();
  if (values.place === 'in_person' && (!address || [...address].length > MEETING_ADDRESS_MAX)) errors.address = M.addressInvalid;
  for (const question of values.questions) {
    const label = question.label.trim();
    if (!label) errors.questions ??= M.questionLabelRequired;
    else if ([...label].length > INTAKE_QUESTION_LABEL_MAX) errors.questions ??= M.questionLabelTooLong;
    if (question.kind !== 'choice') continue;
    const choices = choicesOf(question.choices);
    if (choices.length < 2 || choices.length > INTAKE_CHOICES_MAX) errors.questions ??= M.choicesInvalid;
    else if (choices.some((choice) => [...choice].length > INTAKE_CHOICE_MAX)) errors.questions ??= M.choiceInvalid;
    else if (new Set(choices.map((choice) => choice.toLowerCase())).size !== choices.length) errors.questions ??= M.choicesRepeated;
  }
  return errors;
}

function locationOf(values: SessionTypeValues): SessionLocation | null {
  switch (values.place) {
    case 'none':
      return null;
    case 'video':
      return { kind: 'video', url: values.url.trim() };
    case 'in_person':
      return { kind: 'in_person', address: values.address.trim() };
    case 'video_generated':
    case 'phone':
      return { kind: values.place };
  }
}

/** What the form sends (checked first with `check`). */
export function inputOf(values: SessionTypeValues): SessionTypeInput {
  return {
    name: values.name.trim(),
    minutes: Number(values.minutes),
    priceCents: parseDollarsToCents(values.price.trim()) ?? 0,
    description: values.description,
    location: locationOf(values),
    questions: values.questions.map(
      ({ id, label, kind, required, choices }): QuestionInput => ({
        ...(id ? { id } : {}),
        label: label.trim(),
        kind,
        required,
        ...(kind === 'choice' ? { choices: choicesOf(choices) } : {}),
      }),
    ),
  };
}

/** "30 min · $25.00 · Video call" for a type's row. */
export function summaryOf(type: SessionTypeView): string {
  const place = type.location ? LOCATION_KIND_LABELS[type.location.kind] : 'Place not set';
  return `${type.minutes} min · $${formatCents(type.priceCents)} · ${place}`;
}
