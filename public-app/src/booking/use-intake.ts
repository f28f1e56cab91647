import type { IntakeQuestion } from '@linkbio/shared-contracts';
import { useState } from 'react';
import { questionFieldId } from './intake-fields';
import { answersOf, refusalsOf, validateAnswers } from './validate';

/** The session type's questions in step 'Your Information': the answers typed, and the refusals under each. */
export function useIntake(questions: readonly IntakeQuestion[]) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  /** Moves the focus to a question's field (a choice's first option). */
  const focus = (question: IntakeQuestion) => document.getElementById(questionFieldId(question))?.focus();

  return {
    answers,
    errors,
    onAnswer: (id: string, answer: string) => {
      setAnswers((before) => ({ ...before, [id]: answer }));
      if (errors[id]) setErrors((before) => ({ ...before, [id]: undefined }));
    },
    /** Checks every answer, says each refusal under its question; the question to focus first, if any. */
    check: (): IntakeQuestion | undefined => {
      const found = validateAnswers(questions, answers);
      setErrors(found);
      return questions.find((question) => found[question.id]);
    },
    focus,
    /** The answers the booking sends. */
    given: () => answersOf(questions, answers),
    /** The server refused one answer: said under its question, which takes the focus. False for any other message. */
    refused: (message: string): boolean => {
      const question = questions.find((item) => refusalsOf(item).includes(message));
      if (!question) return false;
      setErrors((before) => ({ ...before, [question.id]: message }));
      focus(question);
      return true;
    },
  };
}
