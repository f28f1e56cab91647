import { Clock } from '../clock.js';

/** A clock that stands still until a test moves it. Every `now()` is a new Date, so callers cannot move it. */
export class FixedClock extends Clock {
  private current: number;

  constructor(start: Date | string = '2026-03-02T12:00:00.000Z') {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }

  /** Moves the clock forward and returns the new time. */
  advance(milliseconds: number): Date {
    this.current += milliseconds;
    return this.now();
  }
}
