import { CalendarMessages } from '@linkbio/shared-contracts';

/** Why a calendar could not be read or written, each with what the creator reads. */
export type CalendarProblemKind =
  | 'not_https'
  | 'private_address'
  | 'unreachable'
  | 'refused'
  | 'not_calendar'
  | 'too_many_redirects'
  | 'unreadable';

const MESSAGES: Readonly<Record<CalendarProblemKind, string>> = {
  not_https: CalendarMessages.notHttps,
  private_address: CalendarMessages.privateAddress,
  unreachable: CalendarMessages.unreachable,
  refused: CalendarMessages.refused,
  not_calendar: CalendarMessages.notCalendar,
  too_many_redirects: CalendarMessages.tooManyRedirects,
  unreadable: CalendarMessages.unreadable,
};

/**
 * A calendar server's answer (or silence) that keeps a calendar from being read or written. The message is
 * the creator's; it never holds the password, the server's own words or an address with a token in it.
 */
export class CalendarProblem extends Error {
  constructor(readonly kind: CalendarProblemKind) {
    super(MESSAGES[kind]);
    this.name = 'CalendarProblem';
  }
}
