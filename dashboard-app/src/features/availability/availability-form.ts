import { AvailabilityRequest, type AvailabilityView, type WeeklyRangeView } from '@linkbio/shared-contracts';
import { validateWith, type FieldErrors } from '@/lib/validate';

/** The form's values: numbers as typed (strings), so that an emptied box is an error, not a zero. */
export interface AvailabilityForm {
  timeZone: string;
  sessionMinutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  cancellationHours: string;
  weekly: WeeklyRangeView[];
  datesOff: string[];
}

export const NUMBER_FIELDS = ['sessionMinutes', 'bufferMinutes', 'minNoticeHours', 'horizonDays', 'cancellationHours'] as const;

/** The browser's own time zone, offered before the creator has saved hours (the API's default is UTC). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, with `current` among them even when the list lacks it (UTC in some). */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

export function formOf(view: AvailabilityView): AvailabilityForm {
  const unsaved = view.weekly.length === 0 && view.timeZone === 'UTC';
  return {
    timeZone: unsaved ? browserTimeZone() : view.timeZone,
    sessionMinutes: String(view.sessionMinutes),
    bufferMinutes: String(view.bufferMinutes),
    minNoticeHours: String(view.minNoticeHours),
    horizonDays: String(view.horizonDays),
    cancellationHours: String(view.cancellationHours),
    weekly: [...view.weekly].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)),
    datesOff: view.datesOff,
  };
}

/** A box holding a whole number becomes that number; anything else is sent on as typed, for its message. */
const wholeNumber = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

export function requestOf(form: AvailabilityForm): AvailabilityRequest {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, wholeNumber(form[field])]));
  return { timeZone: form.timeZone, weekly: form.weekly, datesOff: form.datesOff, ...numbers } as unknown as AvailabilityRequest;
}

/** The API's own rules and words (the shared DTO), one message per field. */
export const errorsOf = (form: AvailabilityForm): FieldErrors<AvailabilityRequest> =>
  validateWith(AvailabilityRequest, requestOf(form) as unknown as Record<string, unknown>);

/** Times offered for a range's start and end: every quarter hour of the day, and 24:00 for its end. */
export const QUARTER_HOURS: string[] = Array.from({ length: 97 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** A new range for a day: 09:00–17:00 first, then the hour after the day's last range (within the day). */
export function nextRange(day: number, weekly: readonly WeeklyRangeView[]): WeeklyRangeView {
  const last = weekly.filter((r) => r.day === day).sort((a, b) => a.end.localeCompare(b.end)).at(-1);
  if (!last) return { day, start: '09:00', end: '17:00' };
  const startIndex = Math.min(QUARTER_HOURS.indexOf(last.end) + 4, 95);
  return { day, start: QUARTER_HOURS[startIndex] ?? '23:00', end: QUARTER_HOURS[Math.min(startIndex + 4, 96)] ?? '24:00' };
}
