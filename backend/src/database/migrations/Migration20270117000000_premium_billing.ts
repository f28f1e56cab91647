import { Migration } from '@mikro-orm/migrations';

/**
 * Premium a creator can trust (issue 24).
 *
 * One live subscription per creator, enforced here: a partial unique index on subscriptions (user_id) over the
 * statuses that still bill or may bill (all but canceled and incomplete_expired). Creators who already hold
 * more than one live subscription (made before the index) are not hidden and do not fail the migration: all
 * but one of theirs are marked `superseded_at` (the one kept is the one the plan shows: one granting Premium
 * first, then the newest), the index covers only rows not superseded, and the billing sweep cancels every
 * superseded live subscription at the provider at once and records its ended state.
 *
 * premium_charges: every Premium charge the provider reported (the first payment and each renewal, paid or
 * declined), one row per provider invoice, with the period it pays, the card's last four digits and, once
 * paid, a receipt number (LB-YYYY-NNNNNN, from a sequence).
 */
export class Migration20270117000000_premium_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table subscriptions add column superseded_at timestamptz');
    this.addSql(`
      update subscriptions s set superseded_at = now()
        from (
          select id, row_number() over (
                   partition by user_id
                   order by (status in ('active', 'trialing', 'past_due')) desc, created_at desc, id desc) as rank
            from subscriptions
           where status not in ('canceled', 'incomplete_expired')
        ) ranked
       where ranked.id = s.id and ranked.rank > 1`);
    this.addSql(`
      create unique index subscriptions_one_live_per_user on subscriptions (user_id)
       where status not in ('canceled', 'incomplete_expired') and superseded_at is null`);
    this.addSql(`
      create index subscriptions_superseded_live on subscriptions (superseded_at)
       where superseded_at is not null and status not in ('canceled', 'incomplete_expired')`);

    this.addSql('create sequence premium_receipt_numbers');
    this.addSql(`
      create table premium_charges (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        subscription_id varchar(255) not null,
        provider_invoice_id varchar(255) not null unique,
        amount integer not null check (amount >= 0),
        currency varchar(3) not null default 'usd',
        period_start timestamptz,
        period_end timestamptz,
        card_last4 varchar(4),
        receipt_number varchar(32) unique,
        status varchar(16) not null check (status in ('paid', 'declined')),
        created_at timestamptz not null,
        paid_at timestamptz,
        check ((status = 'paid') = (receipt_number is not null and paid_at is not null))
      )`);
    this.addSql('create index premium_charges_user on premium_charges (user_id, created_at desc, id desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists premium_charges');
    this.addSql('drop sequence if exists premium_receipt_numbers');
    this.addSql('drop index if exists subscriptions_superseded_live');
    this.addSql('drop index if exists subscriptions_one_live_per_user');
    this.addSql('alter table subscriptions drop column superseded_at');
  }
}
