import { Migration } from '@mikro-orm/migrations';

/** A visitor who ticked "join my e-mail list" when booking is asked to confirm once the booking is paid. */
export class Migration20270130000000_booking_join_list extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table bookings add column join_list boolean not null default false');
  }

  override async down(): Promise<void> {
    this.addSql('alter table bookings drop column if exists join_list');
  }
}
