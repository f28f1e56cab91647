import { Migration } from '@mikro-orm/migrations';

/**
 * Paid bookings and Premium: bookings, the creators' ledger, processed provider events (idempotency),
 * customers and subscriptions, the local test provider's intents and subscriptions, and the e-mail outbox.
 * Money is integer cents everywhere.
 */
export class Migration20261201000000_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table bookings (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        customer_name varchar(100) not null,
        customer_email varchar(254) not null,
        customer_phone varchar(30),
        message varchar(1000),
        user_amount integer not null check (user_amount >= 0),
        platform_fee integer not null check (platform_fee >= 0),
        amount integer not null check (amount = user_amount + platform_fee),
        currency varchar(3) not null default 'usd',
        status varchar(16) not null default 'pending_payment' check (status in ('pending_payment', 'paid', 'failed')),
        payment_intent_id varchar(255) unique,
        created_at timestamptz not null,
        paid_at timestamptz,
        check ((status = 'paid') = (paid_at is not null))
      )`);
    this.addSql('create index bookings_creator_created on bookings (creator_id, created_at desc)');

    this.addSql(`
      create table ledger_entries (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        booking_id uuid not null unique references bookings (id) on delete cascade,
        amount integer not null check (amount >= 0),
        created_at timestamptz not null,
        payout_id uuid,
        paid_out_at timestamptz
      )`);
    this.addSql('create index ledger_entries_unpaid on ledger_entries (creator_id) where paid_out_at is null');

    this.addSql(`
      create table processed_events (
        id varchar(255) primary key,
        type varchar(100) not null,
        processed_at timestamptz not null
      )`);

    this.addSql(`
      create table billing_customers (
        user_id uuid primary key references users (id) on delete cascade,
        customer_id varchar(255) not null unique
      )`);

    this.addSql(`
      create table subscriptions (
        id varchar(255) primary key,
        user_id uuid not null references users (id) on delete cascade,
        status varchar(32) not null,
        current_period_end timestamptz,
        cancel_at_period_end boolean not null default false,
        last_event_created bigint not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index subscriptions_user on subscriptions (user_id, created_at desc)');

    this.addSql(`
      create table local_payment_intents (
        id varchar(64) primary key,
        client_secret varchar(128) not null unique,
        amount integer not null check (amount > 0),
        currency varchar(3) not null default 'usd',
        status varchar(32) not null check (status in ('requires_payment_method', 'succeeded')),
        metadata jsonb not null default '{}',
        return_path varchar(300),
        last_error varchar(255),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);

    this.addSql(`
      create table local_subscriptions (
        id varchar(64) primary key,
        customer_id varchar(64) not null,
        user_id uuid not null references users (id) on delete cascade,
        status varchar(32) not null,
        current_period_start timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean not null default false,
        created_at timestamptz not null
      )`);

    this.addSql(`
      create table email_outbox (
        id uuid primary key,
        dedupe_key varchar(255) not null unique,
        recipient varchar(254) not null,
        subject varchar(255) not null,
        body text not null,
        created_at timestamptz not null,
        sent_at timestamptz,
        attempts integer not null default 0,
        last_error varchar(500)
      )`);
    this.addSql('create index email_outbox_pending on email_outbox (created_at) where sent_at is null');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists email_outbox');
    this.addSql('drop table if exists local_subscriptions');
    this.addSql('drop table if exists local_payment_intents');
    this.addSql('drop table if exists subscriptions');
    this.addSql('drop table if exists billing_customers');
    this.addSql('drop table if exists processed_events');
    this.addSql('drop table if exists ledger_entries');
    this.addSql('drop table if exists bookings');
  }
}
