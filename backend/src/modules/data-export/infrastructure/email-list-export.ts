import type { AccountExport } from '@linkbio/shared-contracts';
import type pg from 'pg';

/** The creator's e-mail list (issue 27) in the data export: every subscriber, the block and each broadcast. */
const SUBSCRIBERS_SQL = `
  select email, status, source, created_at, confirmed_at, unsubscribed_at
    from subscribers where creator_id = $1 order by created_at, id`;

const BLOCK_SQL = 'select subscribe_enabled, subscribe_title from users where id = $1';

const BROADCASTS_SQL = `
  select b.subject, b.body, b.status, b.recipient_count, b.created_at,
         (select count(*) from broadcast_recipients r where r.broadcast_id = b.id)::int as sent_count
    from broadcasts b where b.creator_id = $1 order by b.created_at, b.id`;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** Reads the list in the export's transaction (`read` runs a query with the account's id). */
export async function readEmailList(
  read: <Row extends pg.QueryResultRow>(text: string) => Promise<Row[]>,
): Promise<NonNullable<AccountExport['emailList']>> {
  const subscribers = await read<{
    email: string;
    status: string;
    source: string;
    created_at: Date;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
  }>(SUBSCRIBERS_SQL);
  const [block] = await read<{ subscribe_enabled: boolean; subscribe_title: string | null }>(BLOCK_SQL);
  const broadcasts = await read<{ subject: string; body: string; status: string; recipient_count: number; sent_count: number; created_at: Date }>(
    BROADCASTS_SQL,
  );
  return {
    block: { enabled: block?.subscribe_enabled ?? false, title: block?.subscribe_title ?? null },
    subscribers: subscribers.map((s) => ({
      email: s.email,
      status: s.status,
      source: s.source,
      createdAt: s.created_at.toISOString(),
      confirmedAt: iso(s.confirmed_at),
      unsubscribedAt: iso(s.unsubscribed_at),
    })),
    broadcasts: broadcasts.map((b) => ({
      subject: b.subject,
      body: b.body,
      status: b.status,
      recipientCount: b.recipient_count,
      sentCount: b.sent_count,
      createdAt: b.created_at.toISOString(),
    })),
  };
}
