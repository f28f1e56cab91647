import {
  SUPPORT_REQUEST_STATUSES,
  type AdminSupportRequestResponse,
  type AdminSupportRequestsResponse,
  type AdminSupportRequestView,
  type SupportRequestResponse,
  type SupportRequestsResponse,
  type SupportRequestView,
} from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, dateTime, nullable, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The support answers' shapes, for the API description (support-request.views.ts makes them). */
const requestFields = {
  id: uuid,
  subject: string,
  message: string,
  priority: { ...boolean, description: 'The creator was Premium when they sent it.' },
  status: oneOfValues(SUPPORT_REQUEST_STATUSES),
  createdAt: dateTime,
  closedAt: nullable(dateTime),
};

const SupportRequest = component('SupportRequestView', objectOf<SupportRequestView>()(requestFields));

const AdminSupportRequest = component(
  'AdminSupportRequestView',
  objectOf<AdminSupportRequestView>()({ ...requestFields, creatorId: uuid, username: string, email: string }),
);

export const SupportRequestAnswer = component('SupportRequestResponse', objectOf<SupportRequestResponse>()({ request: SupportRequest }));
export const SupportRequests = component('SupportRequestsResponse', objectOf<SupportRequestsResponse>()({ requests: arrayOf(SupportRequest) }));
export const AdminSupportRequestAnswer = component(
  'AdminSupportRequestResponse',
  objectOf<AdminSupportRequestResponse>()({ request: AdminSupportRequest }),
);
export const AdminSupportRequests = component(
  'AdminSupportRequestsResponse',
  objectOf<AdminSupportRequestsResponse>()({ requests: arrayOf(AdminSupportRequest) }),
);
