import { Migration } from '@mikro-orm/migrations';

/**
 * Views and clicks are counted exactly once per batch (issue 13): each API process queues its events in
 * batches with an id of their own, kept when a batch is queued again, and the worker remembers the ids of the
 * batches it counted, a row per batch instead of one per event. analytics_seen_events stays for events queued
 * before (each counted by its own id) until the daily clean-up has forgotten them.
 */
export class Migration20270110000000_analytics_batches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table analytics_seen_batches (
        id uuid primary key,
        seen_at timestamptz not null
      )`);
    this.addSql('create index analytics_seen_batches_seen_at on analytics_seen_batches (seen_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists analytics_seen_batches');
  }
}
