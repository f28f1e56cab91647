import { SUPPORT_REQUEST_STATUSES, SupportMessages, type SupportRequestStatus } from '@linkbio/shared-contracts';
import { CloseSupportRequestUseCase } from '../modules/support/application/close-support-request.use-case.js';
import { ListSupportRequestsUseCase } from '../modules/support/application/list-support-requests.use-case.js';
import type { SupportRequestWithCreator } from '../modules/support/application/ports/support-request.store.js';
import { command, noPositionals, onlyId, table, UsageError, utc, type OpsCommand } from './ops-command.js';

/** The support queue as operators read it: priority flag, when it came, who sent it, what about. */
function supportRows(requests: SupportRequestWithCreator[]): string[] {
  return table(
    ['ID', 'PRIORITY', 'CREATED', 'STATUS', 'CREATOR', 'SUBJECT'],
    requests.map((r) => [r.id, r.priority ? 'priority' : '-', utc(r.createdAt), r.status, r.username, r.subject]),
  );
}

/** The support commands: read the queue, close an answered request. */
export const SUPPORT_COMMANDS: Record<string, OpsCommand> = {
  'support:list': command<{ status: SupportRequestStatus | undefined }>({
    usage: `support:list [--status ${SUPPORT_REQUEST_STATUSES.join('|')}]`,
    summary: 'List support requests: open first, then priority (Premium), then the oldest (at most 500).',
    options: { status: { type: 'string' } },
    check(args) {
      noPositionals(args);
      const status = args.values.status as string | undefined;
      if (status !== undefined && !SUPPORT_REQUEST_STATUSES.includes(status as SupportRequestStatus))
        throw new UsageError(SupportMessages.invalidStatus);
      return { status: status as SupportRequestStatus | undefined };
    },
    async run(app, filter, print) {
      const requests = await app.get(ListSupportRequestsUseCase).forOperators(filter);
      if (requests.length === 0) {
        print(filter.status ? `No ${filter.status} support requests.` : 'No support requests.');
        return;
      }
      for (const line of supportRows(requests)) print(line);
      const priority = requests.filter((r) => r.priority).length;
      print(`${requests.length} request(s), ${priority} priority`);
    },
  }),

  'support:close': command<{ id: string }>({
    usage: 'support:close <request-id>',
    summary: 'Close a support request that has been answered (closing it again changes nothing).',
    options: {},
    check(args) {
      return {
        id: onlyId(args, 'Give the id of the support request to close', 'a support request id (a UUID as support:list shows)'),
      };
    },
    async run(app, { id }, print) {
      const request = await app.get(CloseSupportRequestUseCase).execute(id);
      const [view] = await app.get(ListSupportRequestsUseCase).forOperators({ ids: [request.id] });
      print(`Support request ${request.id} (${view?.username ?? request.creatorId}: ${request.subject}) closed.`);
    },
  }),
};
