import pg from 'pg';
import { PostgresVisitorSalts } from '../src/modules/analytics/infrastructure/postgres-visitor-salts.js';
import { visitorSaltsContract } from '../src/modules/analytics/testing/visitor-salts.contract.js';
import { testDatabaseUrl } from './support/harness.js';

/*
 * The daily salts in PostgreSQL (analytics_salts): the contract the fake keeps, and one salt a day shared by every
 * API process however many ask at once. The days are long past: no other spec uses them.
 */
const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
afterAll(() => pool.end());

visitorSaltsContract('PostgresVisitorSalts', () => new PostgresVisitorSalts(pool), [
  '2024-06-01',
  '2024-06-02',
  '2024-06-03',
]);

describe('PostgresVisitorSalts across API processes', () => {
  it('gives every process the same salt for a day, however many ask at once', async () => {
    const processes = Array.from({ length: 6 }, () => new PostgresVisitorSalts(pool));
    const salts = await Promise.all(processes.map((salts) => salts.saltOf('2024-07-01')));
    for (const salt of salts) expect(salt.equals(salts[0]!)).toBe(true);
    const { rows } = await pool.query<{ n: number }>(
      "select count(*)::int as n from analytics_salts where day = '2024-07-01'",
    );
    expect(rows[0]?.n).toBe(1);
    await pool.query("delete from analytics_salts where day = '2024-07-01'");
  });
});
