import { countsAsLink } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import { LinkRepository } from '../application/ports/link.repository.js';
import { compareLinks, type Link } from '../domain/link.js';

/** LinkRepository over a Map, with MikroOrmLinkRepository's rules. Stores and returns copies. */
export class InMemoryLinkRepository extends LinkRepository {
  private readonly rows = new Map<Id, Link>();

  async findOwned(ownerId: Id, id: Id): Promise<Link | null> {
    const link = this.rows.get(id);
    return link && link.ownerId === ownerId ? copyOf(link) : null;
  }

  /** A link by id alone, whoever owns it: what the public pages' own queries read (not part of the port). */
  async findById(id: Id): Promise<Link | null> {
    const link = this.rows.get(id);
    return link ? copyOf(link) : null;
  }

  async listForOwner(ownerId: Id): Promise<Link[]> {
    return this.ownedBy(ownerId)
      .sort(compareLinks)
      .map((link) => copyOf(link));
  }

  async addWithinLimit(link: Link, limit: number | null): Promise<boolean> {
    if (this.rows.has(link.id)) throw new Error(`Link ${link.id} is already stored`);
    if (limit !== null && countsAsLink(link.kind) && this.ownedBy(link.ownerId).filter((owned) => countsAsLink(owned.kind)).length >= limit) return false;
    this.rows.set(link.id, copyOf(link));
    return true;
  }

  async addAllWithinLimit(ownerId: Id, links: Link[], limit: number | null): Promise<boolean> {
    const owned = this.ownedBy(ownerId);
    const counted = (list: Link[]) => list.filter((link) => countsAsLink(link.kind)).length;
    if (limit !== null && counted(owned) + counted(links) > limit) return false;
    if (links.some((link) => this.rows.has(link.id) || link.ownerId !== ownerId)) throw new Error('Links already stored or of another owner');
    const after = Math.max(-1, ...owned.map((link) => link.order));
    links.forEach((link, index) => {
      link.order = after + 1 + index;
      this.rows.set(link.id, copyOf(link));
    });
    return true;
  }

  async save(link: Link): Promise<void> {
    this.rows.set(link.id, copyOf(link));
  }

  /** Reads, changes and stores without yielding, so concurrent changes apply one after the other. */
  async changeOwned(ownerId: Id, id: Id, change: (link: Link) => void): Promise<Link | null> {
    const row = this.rows.get(id);
    if (!row || row.ownerId !== ownerId) return null;
    const link = copyOf(row);
    change(link);
    this.rows.set(link.id, copyOf(link));
    return link;
  }

  async remove(link: Link): Promise<void> {
    this.rows.delete(link.id);
  }

  async reorder(ownerId: Id, ids: Id[], now: Date): Promise<boolean> {
    const owned = new Set(this.ownedBy(ownerId).map((link) => link.id));
    const exact = ids.length === owned.size && new Set(ids).size === ids.length && ids.every((id) => owned.has(id));
    if (!exact) return false;
    ids.forEach((id, position) => {
      const link = this.rows.get(id)!;
      link.order = position;
      link.updatedAt = new Date(now.getTime());
    });
    return true;
  }

  private ownedBy(ownerId: Id): Link[] {
    return [...this.rows.values()].filter((link) => link.ownerId === ownerId);
  }
}
