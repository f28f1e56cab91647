import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { CalendarFeedView } from '@linkbio/shared-contracts';
import { component, objectOf, string, type Schema } from '../../../shared/http/openapi/schema.js';

const ICS: Schema = { type: 'string', contentMediaType: 'text/calendar' };

/** GET /api/users/calendar-feed's answer (and its replacement's), for the API description. */
export const CalendarFeed = component('CalendarFeedView', objectOf<CalendarFeedView>()({ url: string }));

/** The feed itself: an RFC 5545 calendar to subscribe to. */
export const AnswersCalendar = () =>
  applyDecorators(
    ApiProduces('text/calendar'),
    ApiResponse({
      status: 200,
      description: 'The sessions as an iCalendar (RFC 5545) feed.',
      content: { 'text/calendar': { schema: ICS } },
    }),
  );
