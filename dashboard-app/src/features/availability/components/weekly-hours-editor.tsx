import { Plus, X } from 'lucide-react';
import { WEEKDAY_NAMES, type WeeklyRangeView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { nextRange, QUARTER_HOURS } from '../availability-form';

interface WeeklyHoursEditorProps {
  weekly: WeeklyRangeView[];
  onChange: (weekly: WeeklyRangeView[]) => void;
  /** The first problem with the hours (the API's words), shown under them. */
  error?: string;
}

const SELECT =
  'h-10 rounded-md border border-input bg-background px-2 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/** A quarter-hour list, keeping a saved time that is not on a quarter hour. */
const timesWith = (value: string) => (QUARTER_HOURS.includes(value) ? QUARTER_HOURS : [...QUARTER_HOURS, value].sort());

/** Weekly hours: each weekday with its ranges (several a day), added and removed in place. */
export function WeeklyHoursEditor({ weekly, onChange, error }: WeeklyHoursEditorProps) {
  const replace = (target: WeeklyRangeView, next: WeeklyRangeView | null) =>
    onChange(next ? weekly.map((range) => (range === target ? next : range)) : weekly.filter((range) => range !== target));

  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'weekly-hours-error' : 'weekly-hours-hint'}>
      <legend className="text-sm font-medium">Weekly hours</legend>
      <p id="weekly-hours-hint" className="text-xs text-muted-foreground">
        Without any, visitors book without picking a time and you agree on one by e-mail.
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {WEEKDAY_NAMES.map((name, index) => {
          const day = index + 1;
          const ranges = weekly.filter((range) => range.day === day);
          return (
            <li key={name} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
              <span className="w-28 shrink-0 pt-2 text-sm font-medium">{name}</span>
              <div className="flex flex-1 flex-col gap-2">
                {ranges.length === 0 ? <span className="pt-2 text-sm text-muted-foreground">Unavailable</span> : null}
                {ranges.map((range, position) => (
                  <div key={`${range.start}-${position}`} className="flex flex-wrap items-center gap-2">
                    <select
                      aria-label={`${name} start`}
                      className={SELECT}
                      value={range.start}
                      onChange={(event) => replace(range, { ...range, start: event.target.value })}
                    >
                      {timesWith(range.start)
                        .filter((time) => time !== '24:00')
                        .map((time) => (
                          <option key={time}>{time}</option>
                        ))}
                    </select>
                    <span aria-hidden="true">–</span>
                    <select
                      aria-label={`${name} end`}
                      className={SELECT}
                      value={range.end}
                      onChange={(event) => replace(range, { ...range, end: event.target.value })}
                    >
                      {timesWith(range.end).map((time) => (
                        <option key={time}>{time}</option>
                      ))}
                    </select>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${name} ${range.start}–${range.end}`}
                      onClick={() => replace(range, null)}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                ))}
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className={cn('self-start', ranges.length === 0 && 'sm:mt-0')}
                aria-label={`Add hours on ${name}`}
                onClick={() => onChange([...weekly, nextRange(day, weekly)])}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add hours
              </Button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id="weekly-hours-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
