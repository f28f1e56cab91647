import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { UserSchema } from '../modules/identity/infrastructure/user.schema.js';
import { LinkSchema } from '../modules/links/infrastructure/link.schema.js';
import { Migration20261122000000_initial } from './migrations/Migration20261122000000_initial.js';
import { Migration20261201000000_billing } from './migrations/Migration20261201000000_billing.js';
import { Migration20261215000000_uploads } from './migrations/Migration20261215000000_uploads.js';
import { Migration20261222000000_workers } from './migrations/Migration20261222000000_workers.js';
import { Migration20261229000000_link_schedules } from './migrations/Migration20261229000000_link_schedules.js';
import { Migration20261229000001_custom_look } from './migrations/Migration20261229000001_custom_look.js';
import { Migration20261229000002_support } from './migrations/Migration20261229000002_support.js';
import { Migration20261229000003_upload_grants_expiry } from './migrations/Migration20261229000003_upload_grants_expiry.js';
import { Migration20261230000000_page_versions } from './migrations/Migration20261230000000_page_versions.js';
import { Migration20270105000000_username_holds } from './migrations/Migration20270105000000_username_holds.js';
import { Migration20270106000000_account_sessions } from './migrations/Migration20270106000000_account_sessions.js';
import { Migration20270107000000_two_factor } from './migrations/Migration20270107000000_two_factor.js';
import { Migration20270108000000_email_verification } from './migrations/Migration20270108000000_email_verification.js';
import { Migration20270109000000_account_deletion } from './migrations/Migration20270109000000_account_deletion.js';
import { Migration20270110000000_analytics_batches } from './migrations/Migration20270110000000_analytics_batches.js';
import { Migration20270111000000_scheduling } from './migrations/Migration20270111000000_scheduling.js';
import { Migration20270112000000_local_subscription_cards } from './migrations/Migration20270112000000_local_subscription_cards.js';
import { Migration20270113000000_email_invites } from './migrations/Migration20270113000000_email_invites.js';
import { Migration20270114000000_refunds } from './migrations/Migration20270114000000_refunds.js';
import { Migration20270115000000_booking_manage } from './migrations/Migration20270115000000_booking_manage.js';
import { Migration20270116000000_provider_refunds } from './migrations/Migration20270116000000_provider_refunds.js';
import { Migration20270117000000_premium_billing } from './migrations/Migration20270117000000_premium_billing.js';
import { Migration20270118000000_payout_carryovers } from './migrations/Migration20270118000000_payout_carryovers.js';
import { Migration20270119000000_reconciliation } from './migrations/Migration20270119000000_reconciliation.js';
import { Migration20270120000000_link_blocks } from './migrations/Migration20270120000000_link_blocks.js';
import { Migration20270121000000_socials_seo } from './migrations/Migration20270121000000_socials_seo.js';
import { Migration20270122000000_link_thumbnails } from './migrations/Migration20270122000000_link_thumbnails.js';
import { Migration20270123000000_booking_visitor_zone } from './migrations/Migration20270123000000_booking_visitor_zone.js';
import { Migration20270124000000_products } from './migrations/Migration20270124000000_products.js';
import { Migration20270125000000_product_page_versions } from './migrations/Migration20270125000000_product_page_versions.js';
import { Migration20270126000000_orders } from './migrations/Migration20270126000000_orders.js';
import { Migration20270127000000_coupons } from './migrations/Migration20270127000000_coupons.js';
import { Migration20270128000000_audience } from './migrations/Migration20270128000000_audience.js';
import { Migration20270129000000_tip_settings } from './migrations/Migration20270129000000_tip_settings.js';
import { Migration20270130000000_booking_join_list } from './migrations/Migration20270130000000_booking_join_list.js';
import { Migration20270131000000_session_types } from './migrations/Migration20270131000000_session_types.js';
import { Migration20270131300000_session_reminders } from './migrations/Migration20270131300000_session_reminders.js';
import { Migration20270131400000_calendar_feeds } from './migrations/Migration20270131400000_calendar_feeds.js';
import { Migration20270131500000_calendar_connections } from './migrations/Migration20270131500000_calendar_connections.js';
import { Migration20270201000000_analytics_visitors } from './migrations/Migration20270201000000_analytics_visitors.js';
import { Migration20270201100000_analytics_breakdowns } from './migrations/Migration20270201100000_analytics_breakdowns.js';

/** Migrations in the order they run; each new one is appended here. */
export const migrationsList = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261201000000_billing', class: Migration20261201000000_billing },
  { name: 'Migration20261215000000_uploads', class: Migration20261215000000_uploads },
  { name: 'Migration20261222000000_workers', class: Migration20261222000000_workers },
  { name: 'Migration20261229000000_link_schedules', class: Migration20261229000000_link_schedules },
  { name: 'Migration20261229000001_custom_look', class: Migration20261229000001_custom_look },
  { name: 'Migration20261229000002_support', class: Migration20261229000002_support },
  { name: 'Migration20261229000003_upload_grants_expiry', class: Migration20261229000003_upload_grants_expiry },
  { name: 'Migration20261230000000_page_versions', class: Migration20261230000000_page_versions },
  { name: 'Migration20270105000000_username_holds', class: Migration20270105000000_username_holds },
  { name: 'Migration20270106000000_account_sessions', class: Migration20270106000000_account_sessions },
  { name: 'Migration20270107000000_two_factor', class: Migration20270107000000_two_factor },
  { name: 'Migration20270108000000_email_verification', class: Migration20270108000000_email_verification },
  { name: 'Migration20270109000000_account_deletion', class: Migration20270109000000_account_deletion },
  { name: 'Migration20270110000000_analytics_batches', class: Migration20270110000000_analytics_batches },
  { name: 'Migration20270111000000_scheduling', class: Migration20270111000000_scheduling },
  { name: 'Migration20270112000000_local_subscription_cards', class: Migration20270112000000_local_subscription_cards },
  { name: 'Migration20270113000000_email_invites', class: Migration20270113000000_email_invites },
  { name: 'Migration20270114000000_refunds', class: Migration20270114000000_refunds },
  { name: 'Migration20270115000000_booking_manage', class: Migration20270115000000_booking_manage },
  { name: 'Migration20270116000000_provider_refunds', class: Migration20270116000000_provider_refunds },
  { name: 'Migration20270117000000_premium_billing', class: Migration20270117000000_premium_billing },
  { name: 'Migration20270118000000_payout_carryovers', class: Migration20270118000000_payout_carryovers },
  { name: 'Migration20270119000000_reconciliation', class: Migration20270119000000_reconciliation },
  { name: 'Migration20270120000000_link_blocks', class: Migration20270120000000_link_blocks },
  { name: 'Migration20270121000000_socials_seo', class: Migration20270121000000_socials_seo },
  { name: 'Migration20270122000000_link_thumbnails', class: Migration20270122000000_link_thumbnails },
  { name: 'Migration20270123000000_booking_visitor_zone', class: Migration20270123000000_booking_visitor_zone },
  { name: 'Migration20270124000000_products', class: Migration20270124000000_products },
  { name: 'Migration20270125000000_product_page_versions', class: Migration20270125000000_product_page_versions },
  { name: 'Migration20270126000000_orders', class: Migration20270126000000_orders },
  { name: 'Migration20270127000000_coupons', class: Migration20270127000000_coupons },
  { name: 'Migration20270128000000_audience', class: Migration20270128000000_audience },
  { name: 'Migration20270129000000_tip_settings', class: Migration20270129000000_tip_settings },
  { name: 'Migration20270130000000_booking_join_list', class: Migration20270130000000_booking_join_list },
  { name: 'Migration20270131000000_session_types', class: Migration20270131000000_session_types },
  { name: 'Migration20270131300000_session_reminders', class: Migration20270131300000_session_reminders },
  { name: 'Migration20270131400000_calendar_feeds', class: Migration20270131400000_calendar_feeds },
  { name: 'Migration20270131500000_calendar_connections', class: Migration20270131500000_calendar_connections },
  { name: 'Migration20270201000000_analytics_visitors', class: Migration20270201000000_analytics_visitors },
  { name: 'Migration20270201100000_analytics_breakdowns', class: Migration20270201100000_analytics_breakdowns },
];

export function mikroOrmConfig(databaseUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: [UserSchema, LinkSchema],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList, snapshot: false, transactional: true, allOrNothing: true },
    pool: { min: 0, max: poolMax },
    forceUtcTimezone: true,
    debug: false,
  });
}
