import { Migration } from '@mikro-orm/migrations';

/**
 * The local test provider renews its subscriptions at each period's end by charging the card that paid the
 * first invoice again, as Stripe does: it keeps that card's last four digits and expiry (never the number).
 */
export class Migration20270112000000_local_subscription_cards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table local_subscriptions
        add column card_last4 varchar(4),
        add column card_exp_month smallint,
        add column card_exp_year smallint`);
    this.addSql(`
      create index local_subscriptions_renewals on local_subscriptions (current_period_end)
       where status in ('active', 'past_due') and not cancel_at_period_end`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists local_subscriptions_renewals');
    this.addSql('alter table local_subscriptions drop column card_last4, drop column card_exp_month, drop column card_exp_year');
  }
}
