import { anyOf, component, constant, object, string } from './schema.js';

/** What a booked session was booked as, for the API description of every answer that carries it. */

/** Where a booked session takes place, as resolved when it was booked. */
export const BookedLocationSchema = component(
  'BookedLocation',
  anyOf(
    object({ kind: constant('video'), url: { ...string, format: 'uri' } }),
    object({ kind: constant('phone'), phone: string }),
    object({ kind: constant('in_person'), address: string }),
  ),
);

/** A visitor's answer to one of the type's questions, with the question as it was asked. */
export const IntakeAnswerSchema = component('IntakeAnswer', object({ question: string, answer: string }));
