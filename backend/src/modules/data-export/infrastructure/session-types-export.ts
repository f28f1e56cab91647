import type { AccountExport, IntakeQuestion, SessionLocation } from '@linkbio/shared-contracts';

/** The creator's session types in their order, switched on or off, as the dashboard shows them. */
export const SESSION_TYPES_SQL = `
  select id, name, minutes, price_cents, description, location, questions, enabled, position, created_at, updated_at
    from session_types where creator_id = $1
   order by position, created_at, id`;

export interface SessionTypeExportRow {
  id: string;
  name: string;
  minutes: number;
  price_cents: number;
  description: string;
  location: SessionLocation | null;
  questions: IntakeQuestion[];
  enabled: boolean;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export const toSessionTypesExport = (rows: SessionTypeExportRow[]): AccountExport['sessionTypes'] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    minutes: row.minutes,
    priceCents: row.price_cents,
    description: row.description,
    location: row.location,
    questions: row.questions,
    enabled: row.enabled,
    order: row.position,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
