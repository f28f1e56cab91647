import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import type { Link, LinkChange, LinkOwner } from '../domain/link.js';
import { badOrder, linkNotFound } from '../domain/links.errors.js';
import { deleteThumbnailFile } from './link-thumbnail-files.js';
import { LinkRepository } from './ports/link.repository.js';

/** Edits, deletes and reorders a creator's own links; anyone else's link is "not found". */
@Injectable()
export class ChangeLinkUseCase {
  private readonly logger = new Logger('Links');

  constructor(
    private readonly links: LinkRepository,
    private readonly clock: Clock,
    private readonly storage: ObjectStorage,
  ) {}

  /** Setting a schedule needs Premium; clearing one does not (a creator whose premium ended may). */
  async update(owner: LinkOwner, linkId: Id, data: LinkChange): Promise<Link> {
    const link = await this.links.changeOwned(owner.id, linkId, (stored) => stored.change(data, this.clock.now(), owner));
    if (!link) throw linkNotFound();
    return link;
  }

  /** The link's thumbnail file goes with it. */
  async delete(ownerId: Id, linkId: Id): Promise<void> {
    const link = await this.owned(ownerId, linkId);
    await this.links.remove(link);
    await deleteThumbnailFile(this.storage, ownerId, link.thumbnail, this.logger);
  }

  /** `ids` is the full new order of the creator's links. */
  async reorder(ownerId: Id, ids: Id[]): Promise<Link[]> {
    if (new Set(ids).size !== ids.length) throw badOrder();
    if (!(await this.links.reorder(ownerId, ids, this.clock.now()))) throw badOrder();
    return this.links.listForOwner(ownerId);
  }

  private async owned(ownerId: Id, linkId: Id): Promise<Link> {
    const link = await this.links.findOwned(ownerId, linkId);
    if (!link) throw linkNotFound();
    return link;
  }
}
