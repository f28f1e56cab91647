import { INTAKE_QUESTION_ID_PATTERN, SessionTypeMessages, type IntakeQuestion, type SessionLocation, type SessionLocationKind, type SessionTypeView } from '@linkbio/shared-contracts';
import { invalid, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';

/** A kind of paid session a creator offers: its length, price, where it meets and what a visitor is asked. */
export interface SessionType {
  id: Id;
  creatorId: Id;
  name: string;
  minutes: number;
  priceCents: number;
  /** Plain text; line breaks kept, escaped wherever shown. */
  description: string;
  /** Null: not set (the creator tells each visitor where to meet). */
  location: SessionLocation | null;
  questions: IntakeQuestion[];
  enabled: boolean;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What a creator who never added a type offers: one session named "Session" at their booking price, as long as
 * their availability's sessions. Stored as their first type before they see or add types, so that offer stays.
 */
export interface ImplicitSessionType {
  priceCents: number;
  minutes: number;
}

export const IMPLICIT_SESSION_TYPE_NAME = 'Session';

export const sessionTypeNotFound = () => notFound(SessionTypeMessages.notFound);
export const tooManySessionTypes = () => invalid(SessionTypeMessages.tooMany);

/** A question as the creator sends it: a new one has no id yet. */
export type QuestionInput = Omit<IntakeQuestion, 'id'> & { id?: string };

/**
 * The questions as stored: each keeps the id it was sent with (so a visitor part-way through booking answers the
 * same question after an edit), and a new one gets a short id no other question of the type has.
 */
export function withQuestionIds(questions: QuestionInput[], newQuestionId: () => string): IntakeQuestion[] {
  const taken = new Set(questions.flatMap((question) => (question.id ? [question.id] : [])));
  return questions.map(({ id, label, kind, required, choices }) => {
    let questionId = id;
    while (!questionId || !INTAKE_QUESTION_ID_PATTERN.test(questionId)) {
      const candidate = newQuestionId();
      if (!taken.has(candidate)) {
        taken.add(candidate);
        questionId = candidate;
      }
    }
    return kind === 'choice' ? { id: questionId, label, kind, required, choices: [...(choices ?? [])] } : { id: questionId, label, kind, required };
  });
}

/** Text as stored: line breaks as \n. */
export const plainText = (text: string | undefined): string => (text ?? '').replace(/\r\n?/g, '\n');

/** Where to meet as the creator sends it (checked: a video link has its url, in person its address). */
export interface LocationInput {
  kind: SessionLocationKind;
  url?: string;
  address?: string;
}

/** Where to meet as stored: only the fields of its kind. */
export function storedLocation(location: LocationInput | null | undefined): SessionLocation | null {
  if (!location) return null;
  switch (location.kind) {
    case 'video':
      return { kind: 'video', url: location.url ?? '' };
    case 'video_generated':
      return { kind: 'video_generated' };
    case 'phone':
      return { kind: 'phone' };
    case 'in_person':
      return { kind: 'in_person', address: location.address ?? '' };
  }
}

export const toSessionTypeView = (type: SessionType): SessionTypeView => ({
  id: type.id,
  name: type.name,
  minutes: type.minutes,
  priceCents: type.priceCents,
  description: type.description,
  location: type.location,
  questions: type.questions,
  enabled: type.enabled,
});
