import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { MAX_BOOKING_PRICE_CENTS, MIN_BOOKING_PRICE_CENTS } from './constants.js';
import {
  INTAKE_CHOICE_MAX,
  INTAKE_CHOICES_MAX,
  INTAKE_QUESTION_LABEL_MAX,
  INTAKE_QUESTIONS_MAX,
  MEETING_ADDRESS_MAX,
  MEETING_URL_MAX,
  SESSION_TYPE_DESCRIPTION_MAX,
  SESSION_TYPE_MINUTES,
  SESSION_TYPE_NAME_MAX,
  SESSION_TYPES_PER_CREATOR,
  type IntakeQuestionKind,
  type SessionLocationKind,
} from './session-types.js';
import { normalizeHttpUrl } from './validation.js';
import { MaxChars, trimString } from './validators.js';

export const SESSION_LOCATION_KINDS: readonly SessionLocationKind[] = ['video', 'video_generated', 'phone', 'in_person'];
export const INTAKE_QUESTION_KINDS: readonly IntakeQuestionKind[] = ['short_text', 'long_text', 'choice'];
/**
 * A question's id: the dashboard keeps the id of a question it edits, so a visitor part-way through booking still
 * answers the same question; a new question is sent without one and the server gives it one of this shape.
 */
export const INTAKE_QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Every text the session types' requests and answers use, on the server and in the dashboard. */
export const SessionTypeMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SESSION_TYPE_NAME_MAX} characters`,
  minutesInvalid: `Length must be a whole number of minutes from ${SESSION_TYPE_MINUTES.min} to ${SESSION_TYPE_MINUTES.max}`,
  priceInvalid: `Price must be a whole number of cents between ${MIN_BOOKING_PRICE_CENTS} (${dollars(MIN_BOOKING_PRICE_CENTS)}) and ${MAX_BOOKING_PRICE_CENTS} (${dollars(MAX_BOOKING_PRICE_CENTS)})`,
  priceDollarsInvalid: `Enter a price between ${dollars(MIN_BOOKING_PRICE_CENTS)} and ${dollars(MAX_BOOKING_PRICE_CENTS)}, like 25 or 25.50`,
  descriptionTooLong: `Description must be at most ${SESSION_TYPE_DESCRIPTION_MAX} characters`,
  locationInvalid: 'Where to meet must be a video link, a generated video room, a phone call, an address or nothing',
  locationKind: "Where to meet must be one of 'video', 'video_generated', 'phone' or 'in_person'",
  videoUrlInvalid: `The video link must be an https:// address with a real host, at most ${MEETING_URL_MAX} characters`,
  urlOnlyForVideo: 'Only a video link has a url',
  addressInvalid: `The address must be 1 to ${MEETING_ADDRESS_MAX} characters`,
  addressOnlyInPerson: 'Only an in-person session has an address',
  questionsInvalid: `Questions must be a list of at most ${INTAKE_QUESTIONS_MAX}`,
  questionInvalid: 'Each question must have a label, a kind and whether it is required',
  questionIdInvalid: 'A question id must be 1 to 32 letters, digits, - or _',
  questionIdsRepeated: 'Two questions have the same id',
  questionLabelRequired: 'Each question needs a label',
  questionLabelTooLong: `A question's label must be at most ${INTAKE_QUESTION_LABEL_MAX} characters`,
  questionKind: "A question's kind must be 'short_text', 'long_text' or 'choice'",
  questionRequired: 'Whether a question must be answered must be true or false',
  choicesInvalid: `A choice question needs 2 to ${INTAKE_CHOICES_MAX} choices`,
  choiceInvalid: `Each choice must be 1 to ${INTAKE_CHOICE_MAX} characters`,
  choicesRepeated: 'Each choice must be different',
  choicesOnlyForChoice: 'Only a choice question has choices',
  enabledInvalid: 'enabled must be true or false',
  nothingToUpdate: 'Nothing to update',
  notFound: 'Session type not found',
  tooMany: `You can have at most ${SESSION_TYPES_PER_CREATOR} session types. Delete one to add another.`,
  orderIds: 'ids must be the ids of all your session types',
  deleted: 'Session type deleted',
  onlyType: 'This is your only session type, so it cannot be deleted. Switch it off instead, or turn booking off in Booking Settings.',
} as const;

/**
 * An https address with a real host (a name with a dot and a top-level domain of letters: no bare IP address, no
 * localhost), at most MEETING_URL_MAX characters: where the creator's own video room is.
 */
export function isMeetingUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MEETING_URL_MAX) return false;
  const url = normalizeHttpUrl(value);
  if (url === null || url !== value) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' && /^([a-z0-9-]+\.)+[a-z]{2,63}$/i.test(hostname);
}

/** Passes only when the object's `kind` is `kind`: a field that belongs to one kind of location or question. */
function OnlyForKind(kind: string, options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'onlyForKind',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [kind],
      options,
      validator: { validate: (_value: unknown, args: ValidationArguments) => (args.object as { kind?: unknown }).kind === kind },
    });
}

function IsMeetingUrl(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name: 'isMeetingUrl', target: target.constructor, propertyName: propertyName as string, options, validator: { validate: isMeetingUrl } });
}

/** No two strings of the list the same, ignoring case and surrounding spaces. */
function HasNoRepeats(key: (item: unknown) => unknown, options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'hasNoRepeats',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => {
          if (!Array.isArray(value)) return true;
          const keys = value.map(key).filter((item) => item !== undefined);
          return new Set(keys).size === keys.length;
        },
      },
    });
}

const trimEach = ({ value }: { value: unknown }): unknown => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value);
const given = (value: unknown) => value !== undefined;

/** Where a session meets: `{ kind: 'video', url }`, `{ kind: 'video_generated' }`, `{ kind: 'phone' }` or `{ kind: 'in_person', address }`. */
export class SessionLocationRequest {
  @IsIn(SESSION_LOCATION_KINDS, { message: SessionTypeMessages.locationKind })
  kind!: SessionLocationKind;

  /** Only for 'video': the creator's own room, https. */
  @Transform(trimString)
  @IsMeetingUrl({ message: SessionTypeMessages.videoUrlInvalid })
  @OnlyForKind('video', { message: SessionTypeMessages.urlOnlyForVideo })
  @ValidateIf((o: SessionLocationRequest, value) => o.kind === 'video' || given(value))
  url?: string;

  /** Only for 'in_person'. */
  @Transform(trimString)
  @MaxChars(MEETING_ADDRESS_MAX, { message: SessionTypeMessages.addressInvalid })
  @MinLength(1, { message: SessionTypeMessages.addressInvalid })
  @IsString({ message: SessionTypeMessages.addressInvalid })
  @OnlyForKind('in_person', { message: SessionTypeMessages.addressOnlyInPerson })
  @ValidateIf((o: SessionLocationRequest, value) => o.kind === 'in_person' || given(value))
  address?: string;
}

/** One question asked at booking. */
export class IntakeQuestionRequest {
  /** Absent for a new question: the server gives it an id. */
  @Matches(INTAKE_QUESTION_ID_PATTERN, { message: SessionTypeMessages.questionIdInvalid })
  @IsString({ message: SessionTypeMessages.questionIdInvalid })
  @ValidateIf((_o, value) => given(value))
  id?: string;

  @Transform(trimString)
  @MaxChars(INTAKE_QUESTION_LABEL_MAX, { message: SessionTypeMessages.questionLabelTooLong })
  @MinLength(1, { message: SessionTypeMessages.questionLabelRequired })
  @IsString({ message: SessionTypeMessages.questionLabelRequired })
  label!: string;

  @IsIn(INTAKE_QUESTION_KINDS, { message: SessionTypeMessages.questionKind })
  kind!: IntakeQuestionKind;

  @IsBoolean({ message: SessionTypeMessages.questionRequired })
  required!: boolean;

  /** Only for 'choice': 2 to INTAKE_CHOICES_MAX different choices. */
  @Transform(trimEach)
  @HasNoRepeats((item) => (typeof item === 'string' ? item.toLowerCase() : undefined), { message: SessionTypeMessages.choicesRepeated })
  @MaxChars(INTAKE_CHOICE_MAX, { each: true, message: SessionTypeMessages.choiceInvalid })
  @MinLength(1, { each: true, message: SessionTypeMessages.choiceInvalid })
  @IsString({ each: true, message: SessionTypeMessages.choiceInvalid })
  @ArrayMaxSize(INTAKE_CHOICES_MAX, { message: SessionTypeMessages.choicesInvalid })
  @ArrayMinSize(2, { message: SessionTypeMessages.choicesInvalid })
  @IsArray({ message: SessionTypeMessages.choicesInvalid })
  @OnlyForKind('choice', { message: SessionTypeMessages.choicesOnlyForChoice })
  @ValidateIf((o: IntakeQuestionRequest, value) => o.kind === 'choice' || given(value))
  choices?: string[];
}

const isPlainObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A nested object as an instance of its request class, so its own rules run (what class-transformer's @Type
 * does, without needing the reflect-metadata polyfill in the apps); anything else is left for the checks to refuse.
 */
const AsInstanceOf = <T>(type: new () => T): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (isPlainObject(value) ? plainToInstance(type, value) : value));
const AsInstancesOf = <T>(type: new () => T): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((item: unknown) => (isPlainObject(item) ? plainToInstance(type, item) : item)) : value,
  );

const QuestionsRules = (): PropertyDecorator[] => [
  ValidateNested({ each: true, message: SessionTypeMessages.questionInvalid }),
  HasNoRepeats((question) => (question && typeof question === 'object' ? (question as { id?: unknown }).id : undefined), {
    message: SessionTypeMessages.questionIdsRepeated,
  }),
  ArrayMaxSize(INTAKE_QUESTIONS_MAX, { message: SessionTypeMessages.questionsInvalid }),
  IsArray({ message: SessionTypeMessages.questionsInvalid }),
  AsInstancesOf(IntakeQuestionRequest),
];

const LocationRules = (): PropertyDecorator[] => [
  ValidateNested({ message: SessionTypeMessages.locationInvalid }),
  IsObject({ message: SessionTypeMessages.locationInvalid }),
  AsInstanceOf(SessionLocationRequest),
  // Null: not set (the creator tells each visitor where to meet).
  ValidateIf((_o, value) => value !== null && value !== undefined),
];

/** Decorators in reading order (top first), applied as stacked decorators are: from the bottom up. */
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, property) => {
  for (const decorator of [...decorators].reverse()) decorator(target, property);
};

/** POST /api/session-types: a new type, switched on, at the end of the list. */
export class SessionTypeRequest {
  @Transform(trimString)
  @MaxChars(SESSION_TYPE_NAME_MAX, { message: SessionTypeMessages.nameTooLong })
  @MinLength(1, { message: SessionTypeMessages.nameRequired })
  @IsString({ message: SessionTypeMessages.nameRequired })
  name!: string;

  @Max(SESSION_TYPE_MINUTES.max, { message: SessionTypeMessages.minutesInvalid })
  @Min(SESSION_TYPE_MINUTES.min, { message: SessionTypeMessages.minutesInvalid })
  @IsInt({ message: SessionTypeMessages.minutesInvalid })
  minutes!: number;

  @Max(MAX_BOOKING_PRICE_CENTS, { message: SessionTypeMessages.priceInvalid })
  @Min(MIN_BOOKING_PRICE_CENTS, { message: SessionTypeMessages.priceInvalid })
  @IsInt({ message: SessionTypeMessages.priceInvalid })
  priceCents!: number;

  /** Plain text; line breaks kept. */
  @MaxChars(SESSION_TYPE_DESCRIPTION_MAX, { message: SessionTypeMessages.descriptionTooLong })
  @IsString({ message: SessionTypeMessages.descriptionTooLong })
  @ValidateIf((_o, value) => given(value))
  description?: string;

  @apply(LocationRules())
  location?: SessionLocationRequest | null;

  @apply(QuestionsRules())
  @ValidateIf((_o, value) => given(value))
  questions?: IntakeQuestionRequest[];
}

/** PUT /api/session-types/{id}: only the fields given change; `location: null` unsets it, `questions` replaces them all. */
export class UpdateSessionTypeRequest {
  @Transform(trimString)
  @MaxChars(SESSION_TYPE_NAME_MAX, { message: SessionTypeMessages.nameTooLong })
  @MinLength(1, { message: SessionTypeMessages.nameRequired })
  @IsString({ message: SessionTypeMessages.nameRequired })
  @ValidateIf((_o, value) => given(value))
  name?: string;

  @Max(SESSION_TYPE_MINUTES.max, { message: SessionTypeMessages.minutesInvalid })
  @Min(SESSION_TYPE_MINUTES.min, { message: SessionTypeMessages.minutesInvalid })
  @IsInt({ message: SessionTypeMessages.minutesInvalid })
  @ValidateIf((_o, value) => given(value))
  minutes?: number;

  @Max(MAX_BOOKING_PRICE_CENTS, { message: SessionTypeMessages.priceInvalid })
  @Min(MIN_BOOKING_PRICE_CENTS, { message: SessionTypeMessages.priceInvalid })
  @IsInt({ message: SessionTypeMessages.priceInvalid })
  @ValidateIf((_o, value) => given(value))
  priceCents?: number;

  @MaxChars(SESSION_TYPE_DESCRIPTION_MAX, { message: SessionTypeMessages.descriptionTooLong })
  @IsString({ message: SessionTypeMessages.descriptionTooLong })
  @ValidateIf((_o, value) => given(value))
  description?: string;

  @apply(LocationRules())
  location?: SessionLocationRequest | null;

  @apply(QuestionsRules())
  @ValidateIf((_o, value) => given(value))
  questions?: IntakeQuestionRequest[];

  @IsBoolean({ message: SessionTypeMessages.enabledInvalid })
  @ValidateIf((_o, value) => given(value))
  enabled?: boolean;
}

/** PUT /api/session-types/order: every one of the creator's type ids, in the new order. */
export class ReorderSessionTypesRequest {
  @IsUUID('all', { each: true, message: SessionTypeMessages.orderIds })
  @ArrayMaxSize(SESSION_TYPES_PER_CREATOR, { message: SessionTypeMessages.orderIds })
  @IsArray({ message: SessionTypeMessages.orderIds })
  ids!: string[];
}
