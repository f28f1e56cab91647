import { Migration } from '@mikro-orm/migrations';

/**
 * Product orders and tips (issue 27), paid like bookings: an order is requested as pending_payment with its
 * amounts decided on the server (saleAmounts), becomes paid once (a conditional UPDATE), and its earning and
 * refunds' reversals go into the same ledger_entries and refunds as bookings', each row naming exactly one of a
 * booking or an order. A paid product order has a private link whose SHA-256 alone is kept (token_hash), and
 * counts its downloads (at most 10). The creator's Support block settings live on users
 * (migration tip_settings).
 */
export class Migration20270126000000_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table orders (
        id uuid primary key,
        creator_id uuid not null references users (id) on delete cascade,
        kind varchar(8) not null check (kind in ('product', 'tip')),
        product_id uuid references products (id) on delete set null,
        title varchar(100) not null,
        customer_name varchar(100),
        customer_email varchar(254) not null,
        message varchar(500),
        amount integer not null check (amount > 0),
        user_amount integer not null check (user_amount >= 0),
        platform_fee integer not null check (platform_fee >= 0),
        discount_cents integer not null default 0 check (discount_cents >= 0),
        coupon_code varchar(40),
        join_list boolean not null default false,
        status varchar(24) not null check (status in
          ('pending_payment', 'paid', 'failed', 'expired', 'refund_due', 'refunded', 'partially_refunded', 'refund_failed')),
        payment_intent_id varchar(255) unique,
        token_hash char(64) unique,
        downloads integer not null default 0 check (downloads between 0 and 10),
        list_requested_at timestamptz,
        created_at timestamptz not null,
        paid_at timestamptz,
        refunded_at timestamptz,
        check (amount = user_amount + platform_fee),
        check ((status in ('pending_payment', 'failed', 'expired')) = (paid_at is null))
      )`);
    this.addSql('create index orders_creator_created on orders (creator_id, created_at desc, id desc)');
    this.addSql('create index orders_customer_email on orders (lower(customer_email)) where paid_at is not null');
    this.addSql("create index orders_pending on orders (created_at) where status = 'pending_payment'");

    // Each ledger row and each refund belongs to exactly one booking or one order.
    this.addSql('alter table ledger_entries alter column booking_id drop not null');
    this.addSql('alter table ledger_entries add column order_id uuid references orders (id) on delete cascade');
    this.addSql('alter table ledger_entries add constraint ledger_entries_one_sale check (num_nonnulls(booking_id, order_id) = 1)');
    this.addSql("create unique index ledger_entries_one_order_earning on ledger_entries (order_id) where kind = 'earning'");
    this.addSql('alter table refunds alter column booking_id drop not null');
    this.addSql('alter table refunds add column order_id uuid references orders (id) on delete cascade');
    this.addSql('alter table refunds add constraint refunds_one_sale check (num_nonnulls(booking_id, order_id) = 1)');
    this.addSql('create index refunds_order on refunds (order_id) where order_id is not null');
    this.addSql("create unique index refunds_order_requested_once on refunds (order_id) where reason <> 'at_provider'");

  }

  override async down(): Promise<void> {
    this.addSql('delete from refunds where order_id is not null');
    this.addSql('alter table refunds drop constraint if exists refunds_one_sale');
    this.addSql('alter table refunds drop column if exists order_id');
    this.addSql('alter table refunds alter column booking_id set not null');
    this.addSql('delete from ledger_entries where order_id is not null');
    this.addSql('alter table ledger_entries drop constraint if exists ledger_entries_one_sale');
    this.addSql('alter table ledger_entries drop column if exists order_id');
    this.addSql('alter table ledger_entries alter column booking_id set not null');
    this.addSql('drop table if exists orders');
  }
}
