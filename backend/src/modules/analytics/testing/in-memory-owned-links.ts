import type { Id } from '../../../shared/ids.js';
import type { OwnedLinks } from '../application/ports/owned-links.js';

/** The creators' current links, kept in list order; `remove` is what deleting a link does. */
export class InMemoryOwnedLinks implements OwnedLinks {
  private readonly links: Array<{ ownerId: Id; id: Id; title: string; isActive: boolean }> = [];

  add(ownerId: Id, id: Id, title: string, isActive = true): void {
    this.links.push({ ownerId, id, title, isActive });
  }

  remove(id: Id): void {
    const index = this.links.findIndex((link) => link.id === id);
    if (index >= 0) this.links.splice(index, 1);
  }

  async listForOwner(ownerId: Id): Promise<Array<{ id: Id; title: string }>> {
    return this.links.filter((link) => link.ownerId === ownerId).map(({ id, title }) => ({ id, title }));
  }

  async countActive(ownerId: Id): Promise<number> {
    return this.links.filter((link) => link.ownerId === ownerId && link.isActive).length;
  }
}
