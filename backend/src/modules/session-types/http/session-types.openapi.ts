import type { IntakeQuestion, SessionTypeView as SessionTypeViewContract } from '@linkbio/shared-contracts';
import { SESSION_LOCATION_KINDS } from '@linkbio/shared-contracts';
import { anyOf, arrayOf, boolean, component, constant, integer, nullable, object, objectOf, oneOfValues, optional, string, uuid } from '../../../shared/http/openapi/schema.js';

const SessionLocationSchema = anyOf(
  object({ kind: constant('video'), url: string }),
  object({ kind: constant('video_generated') }),
  object({ kind: constant('phone') }),
  object({ kind: constant('in_person'), address: string }),
);

const IntakeQuestionSchema = objectOf<IntakeQuestion>()({
  id: string,
  label: string,
  kind: oneOfValues(['short_text', 'long_text', 'choice']),
  required: boolean,
  choices: optional(arrayOf(string)),
});

/** A creator's session type as the session-types calls answer it (toSessionTypeView). */
export const SessionTypeViewSchema = component(
  'SessionTypeView',
  objectOf<SessionTypeViewContract>()({
    id: uuid,
    name: string,
    minutes: integer,
    priceCents: { ...integer, description: 'Integer cents.' },
    description: string,
    location: { ...nullable(SessionLocationSchema), description: `Where to meet, by kind (${SESSION_LOCATION_KINDS.join(', ')}); null: not set.` },
    questions: arrayOf(IntakeQuestionSchema),
    enabled: boolean,
  }),
);

export const SessionTypeList = arrayOf(SessionTypeViewSchema);
