import {
  INTAKE_LONG_ANSWER_MAX,
  INTAKE_QUESTIONS_MAX,
  INTAKE_SHORT_ANSWER_MAX,
  type IntakeAnswer,
  type IntakeAnswerRequest,
  type IntakeQuestion,
} from './session-types.js';

/*
 * Booking a session type: what a visitor sends with the type (its answers, their phone number for a call) and
 * the server's checks of it, without class-validator, so the booking page's bundle can check the same way.
 */

/** A phone number as a visitor types it: 7 to 15 digits, an optional leading +, spaces, dashes, parentheses. */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

export const SessionBookingMessages = {
  sessionTypeId: 'sessionTypeId must be the id of one of the creator\'s session types.',
  sessionTypeNotFound: 'Session type not found. Please pick one of the sessions offered.',
  chooseSessionType: 'Choose a session type.',
  answers: `answers must be a list of at most ${INTAKE_QUESTIONS_MAX} answers, each with a questionId and an answer (text).`,
  phoneRequired: 'Please give your phone number: this session is a phone call.',
  phoneInvalid: `Phone number must have ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits, with an optional + at the start, spaces, dashes or parentheses.`,
  unknownQuestion: 'One of the answers is to a question this session does not ask. Please reload the page.',
  repeatedAnswer: (question: string) => `"${question}" is answered more than once.`,
  answerRequired: (question: string) => `Please answer "${question}".`,
  notAChoice: (question: string) => `The answer to "${question}" must be one of its choices.`,
  answerTooLong: (question: string, max: number) => `The answer to "${question}" must be at most ${max} characters.`,
  answerOneLine: (question: string) => `The answer to "${question}" must be on one line.`,
  answerMalformed: (question: string) => `The answer to "${question}" holds characters that are not text.`,
} as const;

/** Whether `value` is a phone number as PHONE_DIGITS tells it. */
export function isPhoneNumber(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\+?[0-9 ()-]+$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** The shape of `answers` in a booking request (the questions are matched on the server, checkIntakeAnswers). */
export function isIntakeAnswerList(value: unknown): value is IntakeAnswerRequest[] {
  return (
    Array.isArray(value) &&
    value.length <= INTAKE_QUESTIONS_MAX &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        !Array.isArray(item) &&
        Object.keys(item).every((key) => key === 'questionId' || key === 'answer') &&
        typeof (item as IntakeAnswerRequest).questionId === 'string' &&
        typeof (item as IntakeAnswerRequest).answer === 'string',
    )
  );
}

/** A control character (C0, DEL, C1); a long answer keeps its line breaks and tabs. */
const isControl = (code: number, keepLines: boolean): boolean =>
  (code < 0x20 && !(keepLines && (code === 0x09 || code === 0x0a || code === 0x0d))) || (code >= 0x7f && code <= 0x9f);
const hasControl = (text: string, keepLines: boolean): boolean => [...text].some((char) => isControl(char.codePointAt(0)!, keepLines));
/** Half of a surrogate pair alone: not text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Characters as a person counts them (an emoji is one), so the limits match what the form shows. */
const lengthOf = (text: string) => [...text].length;

/**
 * A visitor's answers checked against the type's questions: each answer to a question asked, once; every
 * required question answered (not blank); a choice one of its choices; short answers on one line and at most
 * INTAKE_SHORT_ANSWER_MAX characters, long ones INTAKE_LONG_ANSWER_MAX; text only. The answers to keep are the
 * questions as asked (their label) with the trimmed answer, in the questions' order, blank optional ones left
 * out; else the reason, naming the question.
 */
export function checkIntakeAnswers(
  questions: readonly IntakeQuestion[],
  answers: readonly IntakeAnswerRequest[],
): { answers: IntakeAnswer[] } | { refused: string } {
  const given = new Map<string, string>();
  for (const { questionId, answer } of answers) {
    const question = questions.find((candidate) => candidate.id === questionId);
    if (!question) return { refused: SessionBookingMessages.unknownQuestion };
    if (given.has(questionId)) return { refused: SessionBookingMessages.repeatedAnswer(question.label) };
    given.set(questionId, answer);
  }
  const kept: IntakeAnswer[] = [];
  for (const question of questions) {
    const answer = (given.get(question.id) ?? '').trim();
    if (answer === '') {
      if (question.required) return { refused: SessionBookingMessages.answerRequired(question.label) };
      continue;
    }
    if (question.kind !== 'long_text' && /[\r\n]/.test(answer)) return { refused: SessionBookingMessages.answerOneLine(question.label) };
    if (LONE_SURROGATE.test(answer) || hasControl(answer, question.kind === 'long_text')) {
      return { refused: SessionBookingMessages.answerMalformed(question.label) };
    }
    if (question.kind === 'choice' && !(question.choices ?? []).includes(answer)) {
      return { refused: SessionBookingMessages.notAChoice(question.label) };
    }
    const max = question.kind === 'long_text' ? INTAKE_LONG_ANSWER_MAX : INTAKE_SHORT_ANSWER_MAX;
    if (lengthOf(answer) > max) return { refused: SessionBookingMessages.answerTooLong(question.label, max) };
    kept.push({ question: question.label, answer });
  }
  return { answers: kept };
}
