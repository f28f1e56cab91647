import type { ReminderSettingsView } from '@linkbio/shared-contracts';
import { boolean, component, objectOf } from '../../../shared/http/openapi/schema.js';

/** The reminder switches' shape, for the API description. */
export const ReminderSettings = component(
  'ReminderSettingsView',
  objectOf<ReminderSettingsView>()({
    visitor24h: { ...boolean, description: 'E-mail the visitor 24 hours before each session.' },
    visitor1h: { ...boolean, description: 'E-mail the visitor 1 hour before each session.' },
    creator24h: { ...boolean, description: 'E-mail the creator 24 hours before each session.' },
    creator1h: { ...boolean, description: 'E-mail the creator 1 hour before each session.' },
  }),
);
