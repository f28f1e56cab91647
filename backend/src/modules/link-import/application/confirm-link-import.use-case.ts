import { Injectable } from '@nestjs/common';
import { LinkImportMessages, type LinkImportRowInput } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { AnalyticsReader } from '../../analytics/application/ports/analytics-reader.js';
import { LinkRepository } from '../../links/application/ports/link.repository.js';
import { Link, linkLimitFor, linkLimitReached, type LinkOwner } from '../../links/domain/link.js';
import { planImport } from '../domain/import-plan.js';

/**
 * Adds the rows the creator kept from a preview as links, after their current ones in the rows' order. The
 * server trusts nothing of the preview: every row is checked again as the preview checks it (only http(s)
 * addresses, the title cleaned, no address already among the links or twice in the rows), and the plan's limit
 * is applied to the whole batch in the same transaction as the inserts. Any refused row refuses the whole
 * import, naming the row and why; nothing is added then.
 */
@Injectable()
export class ConfirmLinkImportUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly analytics: AnalyticsReader,
    private readonly clock: Clock,
  ) {}

  async execute(owner: LinkOwner, rows: LinkImportRowInput[]): Promise<Array<{ link: Link; clicks: number }>> {
    const existing = await this.links.listForOwner(owner.id);
    const planned = planImport(rows, existing.map((link) => link.url), null);
    const refused = planned.findIndex((row) => row.outcome !== 'add');
    if (refused !== -1) throw invalid(LinkImportMessages.rowRefused(refused + 1, planned[refused]!.reason ?? ''));
    const now = this.clock.now();
    const links = planned.map((row) => Link.create(owner.id, { title: row.title, url: row.url }, now, owner));
    if (!(await this.links.addAllWithinLimit(owner.id, links, linkLimitFor(owner.isPremium)))) throw linkLimitReached();
    const [list, clicks] = await Promise.all([this.links.listForOwner(owner.id), this.analytics.clicksByLink(owner.id)]);
    return list.map((link) => ({ link, clicks: clicks.get(link.id) ?? 0 }));
  }
}
