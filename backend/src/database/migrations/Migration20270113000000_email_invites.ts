import { Migration } from '@mikro-orm/migrations';

/** An e-mail may carry a calendar invite (.ics, RFC 5545) with its METHOD: kept in the outbox beside the text. */
export class Migration20270113000000_email_invites extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email_outbox add column calendar_method varchar(16), add column calendar text');
  }

  override async down(): Promise<void> {
    this.addSql('alter table email_outbox drop column calendar_method, drop column calendar');
  }
}
