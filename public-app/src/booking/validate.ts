import { checkCallablePhone, checkIntakeAnswer, type IntakeQuestion } from '@linkbio/shared-contracts';
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
 * the creator runs as a phone call needs a number they can dial.
 */
export function validateDetails(details: CustomerDetails, { phoneRequired = false } = {}): DetailErrors {
  const errors: DetailErrors = {};
  if (details.customerName.trim() === '') errors.customerName = Texts.nameRequired;
  if (!EMAIL.test(details.customerEmail.trim())) errors.customerEmail = Texts.validEmailRequired;
  const phone = phoneRequired ? checkCallablePhone(details.customerPhone) : null;
  if (phone) errors.customerPhone = phone;
  return errors;
}

/** The session type's questions left unanswered or answered out of bounds, by question id (the server's rules). */
export function validateAnswers(
  questions: readonly IntakeQuestion[],
  answers: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const problem = checkIntakeAnswer(question, answers[question.id] ?? '');
    if (problem) errors[question.id] = problem;
  }
  return errors;
}
