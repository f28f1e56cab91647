import { useId, useState, type FormEvent } from 'react';
import { parseReportQuery, ReportTexts, type DayRangeView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { REPORT_PRESETS, todayUtc, type ReportPeriodChoice } from '../report-period';

const CHOICES: Array<{ value: ReportPeriodChoice; label: string }> = [
  ...REPORT_PRESETS.map((days) => ({ value: days, label: ReportTexts.presets[days] })),
  { value: 'custom', label: ReportTexts.custom },
];

interface ReportPeriodPickerProps {
  choice: ReportPeriodChoice;
  /** The period shown now: where a custom choice starts from. */
  range: DayRangeView;
  onChoose: (choice: ReportPeriodChoice) => void;
  /** A custom period, checked as the server checks it. */
  onApply: (range: DayRangeView) => void;
}

/** Last 7, 30 or 90 days (each ending today, UTC), or two days of the creator's choosing. */
export function ReportPeriodPicker({ choice, range, onChoose, onApply }: ReportPeriodPickerProps) {
  const name = useId();
  return (
    <div className="min-w-0 space-y-3">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">{ReportTexts.period}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4">
          {CHOICES.map(({ value, label }) => (
            <label
              key={value}
              className={cn(
                'relative flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center text-sm font-medium text-muted-foreground transition-all',
                'has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="radio"
                name={name}
                value={String(value)}
                // Over the whole choice (and invisible), so a click anywhere on it lands on the radio itself.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                checked={choice === value}
                onChange={() => onChoose(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'custom' ? <CustomPeriod range={range} onApply={onApply} /> : null}
    </div>
  );
}

/** From and To (UTC days), checked with the server's own rules before the report is asked for. */
function CustomPeriod({ range, onApply }: { range: DayRangeView; onApply: (range: DayRangeView) => void }) {
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${id}-problem`;
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = parseReportQuery({ from, to, compare: 'previous' }, todayUtc());
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onApply({ from: checked.query.from, to: checked.query.to });
  };

  return (
    <form
      noValidate
      aria-label={ReportTexts.customPeriod}
      onSubmit={submit}
      className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div className="min-w-0 space-y-2">
        <Label htmlFor={`${id}-from`}>{ReportTexts.from}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={todayUtc()}
          onChange={(event) => setFrom(event.target.value)}
          {...invalid}
        />
      </div>
      <div className="min-w-0 space-y-2">
        <Label htmlFor={`${id}-to`}>{ReportTexts.to}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          max={todayUtc()}
          onChange={(event) => setTo(event.target.value)}
          {...invalid}
        />
      </div>
      <Button type="submit" variant="outline">
        {ReportTexts.show}
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
