import { TextField } from '@linkbio/checkout-ui';
import type { IntakeQuestion } from '@linkbio/shared-contracts';
import { Texts } from '../texts';
import { answerMaxOf } from './validate';

/** The element of a question to focus when its answer is refused: its input, or a choice's first option. */
export const questionFieldId = (question: IntakeQuestion) =>
  question.kind === 'choice' ? `q-${question.id}-0` : `q-${question.id}`;

export interface IntakeFieldsProps {
  questions: readonly IntakeQuestion[];
  answers: Readonly<Record<string, string>>;
  /** A message under each refused answer, by question id. */
  errors: Readonly<Record<string, string | undefined>>;
  onAnswer: (questionId: string, answer: string) => void;
}

/** A label as the form writes it: the optional ones say so, like 'Phone Number (optional)'. */
const labelOf = (question: IntakeQuestion) =>
  question.required ? question.label : `${question.label} ${Texts.optional}`;

/**
 * A session type's questions in step 'Your Information': a short answer as an input, a long one as a text area,
 * one choice of several as a radio group (a fieldset named by the question). Required ones carry aria-required;
 * each refusal is tied to its field with aria-describedby.
 */
export function IntakeFields({ questions, answers, errors, onAnswer }: IntakeFieldsProps) {
  return (
    <>
      {questions.map((question) => {
        const id = `q-${question.id}`;
        const value = answers[question.id] ?? '';
        const error = errors[question.id];
        const errorId = `${id}-error`;
        switch (question.kind) {
          case 'short_text':
            return (
              <TextField
                key={question.id}
                id={id}
                label={labelOf(question)}
                value={value}
                error={error}
                required={question.required}
                maxLength={answerMaxOf(question)}
                onChange={(answer) => onAnswer(question.id, answer)}
              />
            );
          case 'long_text':
            return (
              <div key={question.id} className="field">
                <label htmlFor={id}>{labelOf(question)}</label>
                <textarea
                  id={id}
                  name={id}
                  rows={4}
                  maxLength={answerMaxOf(question)}
                  value={value}
                  aria-required={question.required || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onAnswer(question.id, event.target.value)}
                />
                {error && (
                  <p className="field-error" id={errorId}>
                    {error}
                  </p>
                )}
              </div>
            );
          case 'choice':
            return (
              <fieldset
                key={question.id}
                className="choice-field"
                role="radiogroup"
                aria-required={question.required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              >
                <legend>{labelOf(question)}</legend>
                {(question.choices ?? []).map((choice, index) => (
                  <label key={choice} className="check-field choice">
                    <input
                      type="radio"
                      id={`${id}-${index}`}
                      name={id}
                      value={choice}
                      checked={value === choice}
                      onChange={() => onAnswer(question.id, choice)}
                    />
                    <span>{choice}</span>
                  </label>
                ))}
                {error && (
                  <p className="field-error" id={errorId}>
                    {error}
                  </p>
                )}
              </fieldset>
            );
        }
      })}
    </>
  );
}
