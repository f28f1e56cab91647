/**
 * Session types: a creator offers several kinds of paid session (a name, a length, a price, where to meet and
 * the questions asked at booking). The request DTO and its validation live in session-types.dto.ts; these are
 * the shapes every side shares (the dashboard, the booking page, the e-mails, the calendar feed).
 */
export const SESSION_TYPES_PER_CREATOR = 20;
export const SESSION_TYPE_NAME_MAX = 80;
export const SESSION_TYPE_DESCRIPTION_MAX = 1000;
export const SESSION_TYPE_MINUTES = { min: 15, max: 240 } as const;
export const INTAKE_QUESTIONS_MAX = 5;
export const INTAKE_QUESTION_LABEL_MAX = 200;
export const INTAKE_CHOICES_MAX = 10;
export const INTAKE_CHOICE_MAX = 100;
export const INTAKE_SHORT_ANSWER_MAX = 200;
export const INTAKE_LONG_ANSWER_MAX = 2000;
export const MEETING_ADDRESS_MAX = 300;
export const MEETING_URL_MAX = 500;

/** Where a session of a type takes place, as its creator set it. */
export type SessionLocation =
  /** The creator's own meeting room (Zoom, Google Meet, Teams, Whereby…): an https address. */
  | { kind: 'video'; url: string }
  /** A fresh, unguessable Jitsi Meet room made for each booking. */
  | { kind: 'video_generated' }
  /** The creator calls the visitor, whose number is asked at booking. */
  | { kind: 'phone' }
  | { kind: 'in_person'; address: string };

export type SessionLocationKind = SessionLocation['kind'];

/** Where one booked session takes place (stored with the booking): what both e-mails and the invite say. */
export type BookedLocation =
  | { kind: 'video'; url: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'in_person'; address: string };

export type IntakeQuestionKind = 'short_text' | 'long_text' | 'choice';

/** A question asked when a visitor books a type; `choices` only (and at least two) for kind 'choice'. */
export interface IntakeQuestion {
  id: string;
  label: string;
  kind: IntakeQuestionKind;
  required: boolean;
  choices?: string[];
}

/** A visitor's answer to one question, as sent with the booking. */
export interface IntakeAnswerRequest {
  questionId: string;
  answer: string;
}

/** An answer as stored with the booking: the question as it was asked, so later edits never change it. */
export interface IntakeAnswer {
  question: string;
  answer: string;
}

/** A session type as its creator sees it (the dashboard). */
export interface SessionTypeView {
  id: string;
  name: string;
  minutes: number;
  priceCents: number;
  description: string;
  /** Null: not set (the creator tells each visitor). */
  location: SessionLocation | null;
  questions: IntakeQuestion[];
  enabled: boolean;
}

/** A session type as a visitor sees it before paying: never the meeting address. */
export interface PublicSessionType {
  id: string;
  name: string;
  minutes: number;
  priceCents: number;
  description: string;
  locationKind: SessionLocationKind | null;
  questions: IntakeQuestion[];
}

/** How the booking page names where a type meets, before payment (no address). */
export const LOCATION_KIND_LABELS: Readonly<Record<SessionLocationKind, string>> = {
  video: 'Video call',
  video_generated: 'Video call',
  phone: 'Phone call',
  in_person: 'In person',
};

/** One line saying where a booked session takes place, as the e-mails, the manage page and the feed tell it. */
export function describeLocation(location: BookedLocation): string {
  switch (location.kind) {
    case 'video':
      return `Video call: ${location.url}`;
    case 'phone':
      return `Phone call: ${location.phone}`;
    case 'in_person':
      return `In person: ${location.address}`;
  }
}

/** The invite's LOCATION (RFC 5545): the address to join or go to. */
export function locationOfInvite(location: BookedLocation): string {
  switch (location.kind) {
    case 'video':
      return location.url;
    case 'phone':
      return `Phone: ${location.phone}`;
    case 'in_person':
      return location.address;
  }
}
