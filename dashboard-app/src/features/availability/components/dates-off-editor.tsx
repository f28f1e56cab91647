import { X } from 'lucide-react';
import { useState } from 'react';
import { isCalendarDate } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface DatesOffEditorProps {
  datesOff: string[];
  onChange: (datesOff: string[]) => void;
  error?: string;
}

/** "2027-01-31" → "Sun, Jan 31, 2027" (a calendar date: read in UTC, so it never moves a day). */
const describeDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Days off: whole dates in the creator's time zone with no sessions, kept sorted. */
export function DatesOffEditor({ datesOff, onChange, error }: DatesOffEditorProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!isCalendarDate(draft)) return;
    onChange([...new Set([...datesOff, draft])].sort());
    setDraft('');
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-2">
          <Label htmlFor="date-off">Dates off</Label>
          <Input id="date-off" type="date" className="w-44" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <Button type="button" variant="outline" disabled={!isCalendarDate(draft)} onClick={add}>
          Add date off
        </Button>
      </div>
      {datesOff.length === 0 ? (
        <p className="text-xs text-muted-foreground">No dates off.</p>
      ) : (
        <ul aria-label="Your dates off" className="flex flex-wrap gap-2">
          {datesOff.map((date) => (
            <li key={date} className="flex items-center gap-1 rounded-full border border-border bg-muted/50 py-1 pl-3 pr-1 text-sm">
              {describeDate(date)}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove date off ${describeDate(date)}`}
                onClick={() => onChange(datesOff.filter((other) => other !== date))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
