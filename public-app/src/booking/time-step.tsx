import type { Attribution, BookingTimesView, SlotView } from '@linkbio/shared-contracts';
import type { ReactNode, Ref } from 'react';
import { attributionFields, withAttribution } from '../lib/attribution';
import { Texts } from '../texts';
import { addDays, clockLabel, dateLabel, slotLabel, slotsByDay } from './slot-times';

export interface TimeStepProps {
  times: BookingTimesView;
  /** The zone the times are shown in. */
  zone: string;
  /** The locale they are written in (the request's, then the browser's). */
  locale: string;
  /** The zones to choose from. */
  zones: readonly string[];
  /** The picked session's start, if any. */
  picked: string | null;
  hydrated: boolean;
  /** Why the visitor is (back) here: no time picked, or the picked one was taken meanwhile. */
  problem: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  /** The session type whose times these are (kept by the week links and the zone form), when there are several. */
  typeId?: string | null;
  /** The visit's attribution the page's address carried, kept by the week links and the zone form. */
  attribution?: Attribution | null;
  /** The chosen session type and the way back to change it, when there are several. */
  chosenType?: ReactNode;
  onZone: (zone: string) => void;
  onPick: (slot: SlotView) => void;
  onContinue: () => void;
}

/** `?from=…&tz=Area/City(&type=…)(&utm_…)`: another week, in the zone shown, of the same session type, for the same visit. */
const weekHref = (from: string, zone: string, typeId: string | null | undefined, attribution: Attribution | null | undefined) =>
  withAttribution(
    `?from=${from}&tz=${encodeURIComponent(zone).replace(/%2F/g, '/')}${typeId ? `&type=${encodeURIComponent(typeId)}` : ''}`,
    attribution,
  );

/**
 * The first step when the creator takes sessions at set times: a week of open sessions grouped by day, in the
 * visitor's time zone (named, and changeable). The zone form and the week links are plain GET requests, so the
 * list works without JavaScript; picking a time goes on to 'Your Information' once the script runs.
 */
export function TimeStep({
  times,
  zone,
  locale,
  zones,
  picked,
  hydrated,
  problem,
  headingRef,
  typeId,
  attribution,
  chosenType,
  onZone,
  onPick,
  onContinue,
}: TimeStepProps) {
  const days = slotsByDay(times.slots, zone, locale);
  const lastShown = addDays(times.from, 6);
  const previous = times.from > times.today ? [addDays(times.from, -7), times.today].sort().at(-1)! : null;
  const next = addDays(times.from, 7) <= times.lastDate ? addDays(times.from, 7) : null;
  return (
    <section className="panel" aria-labelledby="step-time">
      <h2 id="step-time" ref={headingRef} tabIndex={-1}>
        {Texts.stepTime}
      </h2>
      {chosenType}
      <p className="panel-text">{Texts.sessionLength(times.sessionMinutes)}</p>
      <form
        className="zone-form"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const select = event.currentTarget.elements.namedItem('tz');
          if (select instanceof HTMLSelectElement) onZone(select.value);
        }}
      >
        <p id="zone-shown" className="zone-shown">
          {Texts.timesShownIn(zone)}
        </p>
        <input type="hidden" name="from" value={times.from} />
        {typeId && <input type="hidden" name="type" value={typeId} />}
        {attributionFields(attribution).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="tz">{Texts.timeZone}</label>
        <div className="zone-row">
          <select
            id="tz"
            name="tz"
            value={zone}
            aria-describedby="zone-shown"
            onChange={(event) => onZone(event.target.value)}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button className="btn-secondary" type="submit">
            {Texts.showTimes}
          </button>
        </div>
      </form>

      <form
        className="form"
        noValidate
        aria-describedby={problem ? 'time-problem' : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          onContinue();
        }}
      >
        <p className="week-label">{Texts.weekOf(dateLabel(times.from, locale), dateLabel(lastShown, locale))}</p>
        {problem && (
          <p className="field-error" id="time-problem" role="alert">
            {problem}
          </p>
        )}
        {days.length === 0 ? (
          <p className="panel-text">{Texts.noTimesThisWeek}</p>
        ) : (
          days.map(({ day, slots }) => (
            <fieldset key={day} className="slot-day">
              <legend>{day}</legend>
              <div className="slot-grid">
                {slots.map((slot) => (
                  <label key={slot.start} className="slot">
                    <input
                      type="radio"
                      name="slot"
                      value={slot.start}
                      checked={picked === slot.start}
                      onChange={() => onPick(slot)}
                      aria-label={slotLabel(slot, zone, locale)}
                    />
                    <span aria-hidden="true">{clockLabel(slot.start, zone, locale)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))
        )}
        <nav className="week-nav" aria-label={Texts.openTimes}>
          {previous && <a href={weekHref(previous, zone, typeId, attribution)}>{Texts.previousWeek}</a>}
          {next && (
            <a className="week-next" href={weekHref(next, zone, typeId, attribution)}>
              {Texts.nextWeek}
            </a>
          )}
        </nav>
        {days.length > 0 && (
          <button className="btn-primary btn-wide" type="submit" disabled={!hydrated}>
            {Texts.continueToDetails}
          </button>
        )}
        {!hydrated && days.length > 0 && <p className="notice">{Texts.needsJavaScript}</p>}
      </form>
    </section>
  );
}

/** The picked time, shown in the later steps, with the way back to change it. */
export function ChosenTime({
  slot,
  zone,
  locale,
  onChange,
  disabled,
}: {
  slot: SlotView;
  zone: string;
  locale: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="chosen-time">
      <p>
        <span className="chosen-label">{Texts.yourTime}</span> <strong>{slotLabel(slot, zone, locale)}</strong>
      </p>
      <button className="btn-ghost btn-inline" type="button" onClick={onChange} disabled={disabled}>
        {Texts.changeTime}
      </button>
    </div>
  );
}
