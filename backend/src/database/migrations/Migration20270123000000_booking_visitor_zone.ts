import { Migration } from '@mikro-orm/migrations';

/**
 * The visitor's time zone (IANA) and locale (a language tag), sent with a booking and with its move: their
 * e-mails tell the session's time in their zone and the creator's, written as their locale writes times. Null
 * for bookings made before (told in the creator's zone, en-US, as they were).
 */
export class Migration20270123000000_booking_visitor_zone extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table bookings add column visitor_time_zone varchar(64), add column visitor_locale varchar(35)');
  }

  override async down(): Promise<void> {
    this.addSql('alter table bookings drop column if exists visitor_locale, drop column if exists visitor_time_zone');
  }
}
