import { Migration } from '@mikro-orm/migrations';

/**
 * The e-mail list a creator owns (issue 27). A subscriber is one address per creator (kept lowercase):
 * pending until the confirmation link is used (double opt-in; only the link's SHA-256 is kept), confirmed, or
 * unsubscribed. Each e-mail to a subscriber carries its own unsubscribe link, its hash in
 * list_unsubscribe_tokens. A broadcast is one a day per creator (unique day); broadcast_recipients holds each
 * recipient once (its primary key), so workers running the same batch twice send nobody twice. The outbox
 * gains headers (List-Unsubscribe, List-Unsubscribe-Post) and the users row the page's subscribe block.
 */
export class Migration20270128000000_audience extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email_outbox add column headers jsonb');
    this.addSql('alter table users add column subscribe_enabled boolean not null default false, add column subscribe_title varchar(80)');
    this.addSql(`
      create table subscribers (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        email varchar(254) not null check (email = lower(email)),
        status varchar(16) not null check (status in ('pending', 'confirmed', 'unsubscribed')),
        source varchar(16) not null check (source in ('page', 'checkout')),
        confirm_token_hash char(64) unique,
        confirm_expires_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        confirmed_at timestamptz,
        unsubscribed_at timestamptz,
        unique (creator_id, email)
      )`);
    this.addSql('create index subscribers_creator_listed on subscribers (creator_id, created_at desc, id desc)');
    this.addSql(`
      create table list_unsubscribe_tokens (
        token_hash char(64) primary key,
        subscriber_id uuid not null references subscribers (id) on delete cascade,
        created_at timestamptz not null
      )`);
    this.addSql('create index list_unsubscribe_tokens_subscriber on list_unsubscribe_tokens (subscriber_id)');
    this.addSql(`
      create table broadcasts (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        subject varchar(150) not null,
        body text not null,
        sent_on date not null,
        status varchar(16) not null check (status in ('sending', 'sent')),
        recipient_count integer not null check (recipient_count >= 0),
        created_at timestamptz not null,
        finished_at timestamptz,
        unique (creator_id, sent_on)
      )`);
    this.addSql(`
      create table broadcast_recipients (
        broadcast_id uuid not null references broadcasts (id) on delete cascade,
        subscriber_id uuid not null references subscribers (id) on delete cascade,
        created_at timestamptz not null,
        primary key (broadcast_id, subscriber_id)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists broadcast_recipients');
    this.addSql('drop table if exists broadcasts');
    this.addSql('drop table if exists list_unsubscribe_tokens');
    this.addSql('drop table if exists subscribers');
    this.addSql('alter table users drop column if exists subscribe_enabled, drop column if exists subscribe_title');
    this.addSql('alter table email_outbox drop column if exists headers');
  }
}
