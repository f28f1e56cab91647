import { Migration } from '@mikro-orm/migrations';

/**
 * Support requests (priority for Premium creators). `priority` is the creator's Premium at the time of the
 * request. The operators read them open first, then priority first, then oldest first: support_requests_operator_order.
 */
export class Migration20261229000002_support extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table support_requests (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        subject varchar(120) not null check (char_length(btrim(subject)) > 0),
        message text not null check (char_length(btrim(message)) > 0 and char_length(message) <= 5000),
        priority boolean not null,
        status varchar(16) not null default 'open' check (status in ('open', 'closed')),
        created_at timestamptz not null,
        closed_at timestamptz,
        check ((status = 'closed') = (closed_at is not null))
      )`);
    this.addSql(
      'create index support_requests_operator_order on support_requests (status desc, priority desc, created_at asc, id asc)',
    );
    this.addSql('create index support_requests_creator on support_requests (creator_id, created_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists support_requests');
  }
}
