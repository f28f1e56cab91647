import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SupportRequestStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import {
  SupportRequestStore,
  type OperatorSupportFilter,
  type SupportRequestWithCreator,
} from '../application/ports/support-request.store.js';
import type { SupportRequest } from '../domain/support-request.js';

interface SupportRequestRow {
  id: string;
  creator_id: string;
  subject: string;
  message: string;
  priority: boolean;
  status: SupportRequestStatus;
  created_at: Date;
  closed_at: Date | null;
}

const toRequest = (r: SupportRequestRow): SupportRequest => ({
  id: r.id,
  creatorId: r.creator_id,
  subject: r.subject,
  message: r.message,
  priority: r.priority,
  status: r.status,
  createdAt: new Date(r.created_at),
  closedAt: r.closed_at ? new Date(r.closed_at) : null,
});

const LIST_LIMIT = 500;

/**
 * PostgreSQL, in plain SQL; the injected EntityManager joins the surrounding transaction. The operators'
 * order (status desc, i.e. open first; priority desc; created_at; id) is the index
 * support_requests_operator_order. Usernames and e-mails are read from identity's users table, as payouts
 * and billing read their creators.
 */
@Injectable()
export class PostgresSupportRequestStore extends SupportRequestStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async insert(r: SupportRequest): Promise<void> {
    await this.rows(
      `insert into support_requests (id, creator_id, subject, message, priority, status, created_at, closed_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.id, r.creatorId, r.subject, r.message, r.priority, r.status, r.createdAt, r.closedAt],
    );
  }

  async lock(id: Id): Promise<SupportRequest | null> {
    const [row] = await this.rows<SupportRequestRow>('select * from support_requests where id = ? for update', [id]);
    return row ? toRequest(row) : null;
  }

  async save(r: SupportRequest): Promise<void> {
    await this.rows('update support_requests set status = ?, closed_at = ? where id = ?', [r.status, r.closedAt, r.id]);
  }

  async listForCreator(creatorId: Id): Promise<SupportRequest[]> {
    const rows = await this.rows<SupportRequestRow>(
      'select * from support_requests where creator_id = ? order by created_at desc, id desc limit ?',
      [creatorId, LIST_LIMIT],
    );
    return rows.map(toRequest);
  }

  async listForOperators(filter: OperatorSupportFilter): Promise<SupportRequestWithCreator[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      where.push('r.status = ?');
      params.push(filter.status);
    }
    if (filter.ids) {
      if (filter.ids.length === 0) return [];
      where.push('r.id in (?)');
      params.push(filter.ids);
    }
    const rows = await this.rows<SupportRequestRow & { username: string; email: string }>(
      `select r.*, u.username, u.email from support_requests r join users u on u.id = r.creator_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by r.status desc, r.priority desc, r.created_at, r.id
        limit ?`,
      [...params, LIST_LIMIT],
    );
    return rows.map((r) => ({ ...toRequest(r), username: r.username, email: r.email }));
  }
}
