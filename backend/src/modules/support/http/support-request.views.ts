import type { AdminSupportRequestView, SupportRequestView } from '@linkbio/shared-contracts';
import type { SupportRequestWithCreator } from '../application/ports/support-request.store.js';
import type { SupportRequest } from '../domain/support-request.js';

export const toSupportRequestView = (r: SupportRequest): SupportRequestView => ({
  id: r.id,
  subject: r.subject,
  message: r.message,
  priority: r.priority,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

export const toAdminSupportRequestView = (r: SupportRequestWithCreator): AdminSupportRequestView => ({
  ...toSupportRequestView(r),
  creatorId: r.creatorId,
  username: r.username,
  email: r.email,
});
