import { Injectable } from '@nestjs/common';
import {
  countsAsLink,
  LINK_IMPORT_MAX_BYTES,
  LINK_IMPORT_MAX_ROWS,
  LinkImportMessages,
  type LinkImportPreviewView,
  type LinkImportSource,
} from '@linkbio/shared-contracts';
import { DomainError, invalid } from '../../../shared/domain-error.js';
import { LinkRepository } from '../../links/application/ports/link.repository.js';
import { linkLimitFor, type LinkOwner } from '../../links/domain/link.js';
import { bookmarkRows } from '../domain/bookmark-rows.js';
import { csvRows } from '../domain/csv-rows.js';
import { planImport, roomLeft, type SourceRow } from '../domain/import-plan.js';
import { linktreeName, linktreeRows } from '../domain/linktree-rows.js';
import { LinktreePageReader } from './ports/linktree-page.reader.js';
import { LinktreeReadLimiter } from './ports/linktree-read.limiter.js';

export type LinkImportInput = { source: LinkImportSource; address?: string; content?: string };

/**
 * What an import would do, changing nothing: the source's links read (a Linktree page fetched, a CSV or
 * bookmarks file parsed), each row checked, duplicates and the plan's limit applied (planImport).
 */
@Injectable()
export class PreviewLinkImportUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly linktree: LinktreePageReader,
    private readonly linktreeReads: LinktreeReadLimiter,
  ) {}

  async execute(owner: LinkOwner, input: LinkImportInput): Promise<LinkImportPreviewView> {
    const rows = await this.sourceRows(owner, input);
    if (rows.length > LINK_IMPORT_MAX_ROWS) throw invalid(LinkImportMessages.tooManyRows);
    const existing = await this.links.listForOwner(owner.id);
    const limit = linkLimitFor(owner.isPremium);
    // Headers are section titles: they take no room on the plan (as when a link is added one by one).
    const counted = existing.filter((link) => countsAsLink(link.kind)).length;
    const room = roomLeft(limit, counted);
    const urls = existing.filter((link) => link.url !== '').map((link) => link.url);
    return { rows: planImport(rows, urls, room), limit, existing: counted, room };
  }

  private async sourceRows(owner: LinkOwner, input: LinkImportInput): Promise<SourceRow[]> {
    if (input.source === 'linktree') {
      const name = linktreeName(input.address ?? '');
      const wait = await this.linktreeReads.consume(owner.id);
      if (wait !== null) {
        throw new DomainError('too_many', LinkImportMessages.linktreeTooMany(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
      }
      return linktreeRows(await this.linktree.read(name));
    }
    const content = input.content ?? '';
    if (Buffer.byteLength(content, 'utf8') > LINK_IMPORT_MAX_BYTES) throw invalid(LinkImportMessages.fileTooLarge);
    return input.source === 'csv' ? csvRows(content) : bookmarkRows(content);
  }
}
