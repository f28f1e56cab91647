import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { IntakeQuestion, SessionLocation } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { SessionTypeCatalog, type BookableSessionType } from '../application/ports/session-type-catalog.js';

interface TypeRow {
  id: string;
  name: string;
  minutes: number;
  price_cents: number;
  description: string;
  location: SessionLocation | null;
  questions: IntakeQuestion[];
  enabled: boolean;
}

/** The name of a creator's implicit type (no type stored: their booking price and session length). */
export const IMPLICIT_TYPE_NAME = 'Session';

/** SessionTypeCatalog over session_types; the implicit type's price is read from users (identity's rows, read only). */
@Injectable()
export class PostgresSessionTypeCatalog extends SessionTypeCatalog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async bookable(creatorId: Id): Promise<BookableSessionType[]> {
    const rows = await this.em.execute<TypeRow[]>(
      `select id, name, minutes, price_cents, description, location, questions, enabled
         from session_types where creator_id = ? order by position, created_at, id`,
      [creatorId],
    );
    if (rows.length > 0) {
      return rows
        .filter((row) => row.enabled)
        .map((row) => ({
          id: row.id,
          name: row.name,
          minutes: row.minutes,
          priceCents: row.price_cents,
          description: row.description,
          location: row.location,
          questions: row.questions,
        }));
    }
    const [user] = await this.em.execute<Array<{ booking_price: number | null }>>('select booking_price from users where id = ?', [creatorId]);
    if (!user?.booking_price || user.booking_price <= 0) return [];
    return [{ id: null, name: IMPLICIT_TYPE_NAME, minutes: null, priceCents: user.booking_price, description: '', location: null, questions: [] }];
  }
}
