import { LinkImportMessages } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import { LinktreePageReader } from '../application/ports/linktree-page.reader.js';

/** Linktree's pages from a Map: a name not in it is a missing page, as linktr.ee answers 404. */
export class FakeLinktreePageReader extends LinktreePageReader {
  readonly pages = new Map<string, string>();
  readonly reads: string[] = [];

  async read(name: string): Promise<string> {
    this.reads.push(name);
    const page = this.pages.get(name);
    if (page === undefined) throw notFound(LinkImportMessages.linktreeNotFound(name));
    return page;
  }
}
