import {
  checkIntakeAnswers,
  INTAKE_LONG_ANSWER_MAX,
  INTAKE_SHORT_ANSWER_MAX,
  isPhoneNumber,
  SessionBookingMessages,
  type IntakeAnswerRequest,
  type IntakeQuestion,
} from '@linkbio/shared-contracts';
import { Texts } from '../texts';

export interface CustomerDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  message: string;
}

export type DetailErrors = Partial<Record<'customerName' | 'customerEmail' | 'customerPhone', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The booking form's rules (spec §5): a name, a valid e-mail; phone and message optional, except that a session
 * the creator runs as a phone call needs a number they can dial (the server's isPhoneNumber).
 */
export function validateDetails(details: CustomerDetails, { phoneRequired = false } = {}): DetailErrors {
  const errors: DetailErrors = {};
  if (details.customerName.trim() === '') errors.customerName = Texts.nameRequired;
  if (!EMAIL.test(details.customerEmail.trim())) errors.customerEmail = Texts.validEmailRequired;
  const phone = details.customerPhone.trim();
  if (phoneRequired && phone === '') errors.customerPhone = SessionBookingMessages.phoneRequired;
  else if (phoneRequired && !isPhoneNumber(phone)) errors.customerPhone = SessionBookingMessages.phoneInvalid;
  return errors;
}

/** The answers a booking sends: the non-empty ones, trimmed, in the questions' order. */
export const answersOf = (
  questions: readonly IntakeQuestion[],
  answers: Readonly<Record<string, string>>,
): IntakeAnswerRequest[] =>
  questions.flatMap((question) => {
    const answer = (answers[question.id] ?? '').trim();
    return answer ? [{ questionId: question.id, answer }] : [];
  });

/**
 * What is wrong with each answer, by question id, in the server's words: each question checked on its own by
 * the server's checkIntakeAnswers, so every refused answer is said at once, under its question.
 */
export function validateAnswers(
  questions: readonly IntakeQuestion[],
  answers: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const checked = checkIntakeAnswers([question], answersOf([question], answers));
    if ('refused' in checked) errors[question.id] = checked.refused;
  }
  return errors;
}

/** Every refusal of one question's answer the server can give: shown under that question when it comes back. */
export const refusalsOf = (question: IntakeQuestion): string[] => [
  SessionBookingMessages.answerRequired(question.label),
  SessionBookingMessages.notAChoice(question.label),
  SessionBookingMessages.answerTooLong(question.label, answerMaxOf(question)),
  SessionBookingMessages.answerOneLine(question.label),
  SessionBookingMessages.answerMalformed(question.label),
];

/** The longest answer a question takes (characters). */
export const answerMaxOf = (question: IntakeQuestion): number =>
  question.kind === 'long_text' ? INTAKE_LONG_ANSWER_MAX : INTAKE_SHORT_ANSWER_MAX;
