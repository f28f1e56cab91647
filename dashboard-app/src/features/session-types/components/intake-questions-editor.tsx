import { Plus, Trash2 } from 'lucide-react';
import { INTAKE_CHOICES_MAX, INTAKE_QUESTION_LABEL_MAX, INTAKE_QUESTIONS_MAX, type IntakeQuestionKind } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { newQuestionKey, QUESTION_KIND_LABELS, type QuestionValues } from '../session-type-form';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface IntakeQuestionsEditorProps {
  questions: QuestionValues[];
  onChange: (questions: QuestionValues[]) => void;
  error?: string;
}

/** The questions a visitor answers when booking: up to INTAKE_QUESTIONS_MAX, each a short or long answer or one choice. */
export function IntakeQuestionsEditor({ questions, onChange, error }: IntakeQuestionsEditorProps) {
  const change = (key: string, patch: Partial<QuestionValues>) => onChange(questions.map((q) => (q.key === key ? { ...q, ...patch } : q)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Questions at booking</legend>
      <p className="text-xs text-muted-foreground">
        Up to {INTAKE_QUESTIONS_MAX}. The answers come in your booking e-mail and in Bookings.
      </p>
      {questions.map((question, index) => (
        <div key={question.key} data-testid="intake-question" className="space-y-3 rounded-lg border border-border p-3">
          <Field label={`Question ${index + 1}`}>
            <Input value={question.label} maxLength={INTAKE_QUESTION_LABEL_MAX} onChange={(event) => change(question.key, { label: event.target.value })} />
          </Field>
          <Field label={`Answer to question ${index + 1}`}>
            <select
              className={selectClass}
              value={question.kind}
              onChange={(event) => change(question.key, { kind: event.target.value as IntakeQuestionKind })}
            >
              {(Object.keys(QUESTION_KIND_LABELS) as IntakeQuestionKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {QUESTION_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </Field>
          {question.kind === 'choice' ? (
            <Field label={`Choices for question ${index + 1}`} hint={`One a line, 2 to ${INTAKE_CHOICES_MAX}.`}>
              <Textarea rows={3} value={question.choices} onChange={(event) => change(question.key, { choices: event.target.value })} />
            </Field>
          ) : null}
          <div className="flex items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Switch
                id={`${question.key}-required`}
                checked={question.required}
                onCheckedChange={(required) => change(question.key, { required })}
              />
              <Label htmlFor={`${question.key}-required`}>Question {index + 1} must be answered</Label>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove question ${index + 1}`}
              onClick={() => onChange(questions.filter((q) => q.key !== question.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={questions.length >= INTAKE_QUESTIONS_MAX}
        onClick={() => onChange([...questions, { key: newQuestionKey(), label: '', kind: 'short_text', required: false, choices: '' }])}
      >
        <Plus aria-hidden="true" /> Add a question
      </Button>
    </fieldset>
  );
}
