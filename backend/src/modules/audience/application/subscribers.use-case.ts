import { Injectable } from '@nestjs/common';
import { SUBSCRIBERS_PAGE_SIZE, type SubscribeBlockView, type SubscribersPage } from '@linkbio/shared-contracts';
import { isId, type Id } from '../../../shared/ids.js';
import { subscriberNotFound } from '../domain/audience.errors.js';
import { toSubscriberView, type Subscriber } from '../domain/subscriber.js';
import { SubscriberStore } from './ports/subscriber.store.js';

/** The creator's side of the list: read it a page at a time or whole (CSV), remove an address, switch the block. */
@Injectable()
export class SubscribersUseCase {
  constructor(private readonly store: SubscriberStore) {}

  async page(creatorId: Id, query: { limit?: string; cursor?: string }): Promise<SubscribersPage> {
    const limit = query.limit ? Number(query.limit) : SUBSCRIBERS_PAGE_SIZE;
    const [page, confirmedCount, settings] = await Promise.all([
      this.store.page(creatorId, limit, query.cursor ?? null),
      this.store.confirmedCount(creatorId),
      this.settings(creatorId),
    ]);
    return { subscribers: page.subscribers.map(toSubscriberView), confirmedCount, nextCursor: page.nextCursor, settings };
  }

  all(creatorId: Id): Promise<Subscriber[]> {
    return this.store.all(creatorId);
  }

  async remove(creatorId: Id, subscriberId: string): Promise<void> {
    if (!isId(subscriberId) || !(await this.store.remove(creatorId, subscriberId))) throw subscriberNotFound();
  }

  async settings(creatorId: Id): Promise<SubscribeBlockView> {
    const owner = await this.store.ownerById(creatorId);
    return { enabled: owner?.subscribeEnabled ?? false, title: owner?.subscribeTitle ?? null };
  }

  /** Switches the page's block; an empty title is the default one. The page shows it on its next request. */
  async saveSettings(creatorId: Id, input: { enabled: boolean; title?: string | null }): Promise<SubscribeBlockView> {
    const title = input.title ? input.title : null;
    await this.store.saveBlock(creatorId, input.enabled, title);
    return { enabled: input.enabled, title };
  }
}
