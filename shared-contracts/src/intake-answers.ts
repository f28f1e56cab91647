import {
  INTAKE_LONG_ANSWER_MAX,
  INTAKE_SHORT_ANSWER_MAX,
  type IntakeAnswerRequest,
  type IntakeQuestion,
} from './session-types.js';

/**
 * A visitor's answers to a session type's questions, and their phone number when the creator calls them: the
 * rules and the words the booking page checks before sending and the booking checks again on the server.
 */
export const IntakeMessages = {
  answerRequired: (question: string) => `Please answer "${question}"`,
  answerTooLong: (question: string, max: number) => `The answer to "${question}" must be at most ${max} characters`,
  choiceNotOffered: (question: string) => `Pick one of the choices for "${question}"`,
  phoneRequired: 'Phone number is required: the creator calls you on it',
  phoneInvalid: 'Enter a phone number with its digits, for example +1 555 010 0100',
} as const;

/** The longest answer a question takes. */
export const answerMaxOf = (question: IntakeQuestion): number =>
  question.kind === 'long_text' ? INTAKE_LONG_ANSWER_MAX : INTAKE_SHORT_ANSWER_MAX;

/** What is wrong with one answer (trimmed), or null: missing when required, too long, or not one of the choices. */
export function checkIntakeAnswer(question: IntakeQuestion, answer: string): string | null {
  const text = answer.trim();
  if (text === '') return question.required ? IntakeMessages.answerRequired(question.label) : null;
  if (question.kind === 'choice')
    return question.choices?.includes(text) ? null : IntakeMessages.choiceNotOffered(question.label);
  const max = answerMaxOf(question);
  return [...text].length > max ? IntakeMessages.answerTooLong(question.label, max) : null;
}

/** Every message one question's answer can be refused with: the booking page shows the server's under that question. */
export const intakeMessagesOf = (question: IntakeQuestion): string[] => [
  IntakeMessages.answerRequired(question.label),
  IntakeMessages.answerTooLong(question.label, answerMaxOf(question)),
  IntakeMessages.choiceNotOffered(question.label),
];

/** The answers a booking sends: the trimmed, non-empty ones, in the questions' order. */
export const intakeAnswersOf = (
  questions: readonly IntakeQuestion[],
  answers: Readonly<Record<string, string>>,
): IntakeAnswerRequest[] =>
  questions.flatMap((question) => {
    const answer = (answers[question.id] ?? '').trim();
    return answer ? [{ questionId: question.id, answer }] : [];
  });

/** A number the creator can dial: digits with the usual separators (+, spaces, dots, dashes, brackets), 7 to 15 digits. */
const PHONE = /^\+?[0-9 ().-]+$/;

/** What is wrong with a phone number the creator must call (trimmed), or null. */
export function checkCallablePhone(phone: string): string | null {
  const text = phone.trim();
  if (text === '') return IntakeMessages.phoneRequired;
  const digits = text.replace(/\D/g, '').length;
  return PHONE.test(text) && digits >= 7 && digits <= 15 && text.length <= 30 ? null : IntakeMessages.phoneInvalid;
}
