import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { bookingAmounts, PayoutMessages, SupportMessages } from '@linkbio/shared-contracts';
import { mikroOrmConfig } from '../src/database/mikro-orm.config.js';
import { PostgresTwoFactorStore } from '../src/modules/identity/infrastructure/postgres-two-factor.store.js';
import { migrateQueueSchema } from '../src/shared/queues/queue-connection.js';
import { unique } from './support/harness.js';


/*
 * The operators' CLI as they run it: `node backend/dist/ops.main.js …` in a child process (after the build)
 * against a database of this file's own (a run pays every creator's unassigned earnings, so it must not
 * touch the ledger other spec files are checking), with the stdout, stderr and exit code asserted.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OPS = fileURLToPath(new URL('../dist/ops.main.js', import.meta.url));
/** Where the CLI's queues live when REDIS_URL is unset (BullMQ's PostgreSQL backend, in this file's database). */
const QUEUE_SCHEMA = 'bullmq';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh, migrated database beside the run's test database. */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: run integration specs through jest.integration.config.js');
  const name = `linkbio_ops_${Date.now()}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const orm = await MikroORM.init({ ...mikroOrmConfig(url.toString(), 1), logger: () => undefined });
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
  if (!process.env.REDIS_URL) await migrateQueueSchema(url.toString(), QUEUE_SCHEMA);
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

describe('ops CLI (node backend/dist/ops.main.js)', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let db: pg.Pool;
  const prefix = `linkbio-test-ops-${Date.now().toString(36)}:`;

  beforeAll(async () => {
    if (!existsSync(OPS)) throw new Error(`${OPS} is missing: build the backend first (npm run build)`);
    database = await ownDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  const ops = (...args: string[]): Promise<Outcome> => opsWith({}, ...args);

  const opsWith = (extra: NodeJS.ProcessEnv, ...args: string[]): Promise<Outcome> =>
    new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        QUEUE_SCHEMA,
        SESSION_SECRET: 'ops-cli-test-session-secret-0123456789abcdef',
        ...extra,
      };
      if (!env.REDIS_URL) delete env.REDIS_URL;
      execFile(process.execPath, [OPS, ...args], { cwd: ROOT, env, timeout: 30_000 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
    });

  /** A creator whose e-mail address is confirmed (payouts wait until it is). */
  async function creator(details: { paypal?: string; cashapp?: string } = {}) {
    const id = randomUUID();
    const username = unique('o');
    await db.query(
      `insert into users (id, username, email, password_hash, display_name, paypal_email, cashapp_handle, email_verified_at)
       values ($1, $2, $3, 'not-a-hash', $4, $5, $6, now())`,
      [id, username, `${username}@example.com`, `Creator ${username}`, details.paypal ?? null, details.cashapp ?? null],
    );
    return { id, username };
  }

  /** A paid booking and its earning; answers the booking's id. */
  async function earning(creatorId: string, cents: number, at: string): Promise<string> {
    const bookingId = randomUUID();
    const { platformFee, amount } = bookingAmounts(cents);
    await db.query(
      `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, created_at, paid_at)
       values ($1, $2, 'Ada', 'ada@example.com', $3, $4, $5, 'paid', $6, $6)`,
      [bookingId, creatorId, cents, platformFee, amount, at],
    );
    await db.query(
      'insert into ledger_entries (id, creator_id, booking_id, amount, created_at) values ($1, $2, $3, $4, $5)',
      [randomUUID(), creatorId, bookingId, cents, at],
    );
    return bookingId;
  }

  /** A refund's reversal of a booking's earning (what billing writes when the booking is refunded). */
  async function reversal(creatorId: string, bookingId: string, cents: number, at: string): Promise<void> {
    await db.query(
      "insert into ledger_entries (id, creator_id, booking_id, kind, amount, created_at) values ($1, $2, $3, 'reversal', $4, $5)",
      [randomUUID(), creatorId, bookingId, cents, at],
    );
  }

  const payoutsOf = async (creatorId: string) =>
    (
      await db.query<{ id: string; week: string; amount: number; status: string; reference: string | null }>(
        'select * from payouts where creator_id = $1 order by week',
        [creatorId],
      )
    ).rows;

  /** The table row of a creator's payout of a week: its cells split on the column gaps. */
  const rowOf = (stdout: string, username: string, week = '2024-W05') =>
    stdout
      .split('\n')
      .find((line) => line.includes(` ${week} `) && line.includes(` ${username} `))
      ?.trim()
      .split(/\s{2,}/);

  let alice: { id: string; username: string };
  let bob: { id: string; username: string };

  it('payouts:run makes the week’s payouts and prints them; a second run makes none', async () => {
    alice = await creator({ paypal: 'alice@example.com' });
    bob = await creator();
    await earning(alice.id, 2550, '2024-01-29T00:00:00Z');
    await earning(alice.id, 1000, '2024-02-04T23:59:59.999Z');
    await earning(alice.id, 700, '2024-02-05T00:00:00Z');
    await earning(bob.id, 999, '2024-02-01T12:00:00Z');

    const first = await ops('payouts:run', '--week', '2024-W05');

    expect(first).toMatchObject({ code: 0, stderr: '' });
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '2024-W05 (2024-01-29 00:00 UTC to 2024-02-05 00:00 UTC): 2 payout(s) created, $45.49 in all.',
    );
    expect(lines[1]!.split(/\s{2,}/)).toEqual([
      'ID',
      'WEEK',
      'CREATOR',
      'AMOUNT',
      'METHOD',
      'DESTINATION',
      'STATUS',
      'REFERENCE',
    ]);
    const [alicePayout] = await payoutsOf(alice.id);
    expect(rowOf(first.stdout, alice.username)).toEqual([
      alicePayout!.id,
      '2024-W05',
      alice.username,
      '$35.50',
      'paypal',
      'alice@example.com',
      'pending',
    ]);
    expect(rowOf(first.stdout, bob.username)).toEqual([
      expect.any(String),
      '2024-W05',
      bob.username,
      '$9.99',
      '-',
      '-',
      'on_hold',
    ]);

    const second = await ops('payouts:run', '--week', '2024-W05');
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      "2024-W05 (2024-01-29 00:00 UTC to 2024-02-05 00:00 UTC): no payouts created. Every creator with unpaid earnings before 2024-02-05 00:00 UTC has this week's payout already, or there are none.\n",
    );
    expect((await payoutsOf(alice.id)).map((p) => [p.week, p.amount])).toEqual([['2024-W05', 3550]]);
  });

  it('three runs at once in separate processes still make one payout per creator', async () => {
    const creators = await Promise.all([creator({ cashapp: 'c_1' }), creator({ paypal: 'c2@example.com' }), creator()]);
    for (const c of creators)
      for (const day of ['12', '13', '14']) await earning(c.id, 1234, `2024-02-${day}T10:00:00Z`);

    const outcomes = await Promise.all([1, 2, 3].map(() => ops('payouts:run', '--week', '2024-W07')));

    expect(outcomes.map((o) => o.code)).toEqual([0, 0, 0]);
    for (const c of creators) {
      expect((await payoutsOf(c.id)).map((p) => [p.week, p.amount])).toEqual([['2024-W07', 3702]]);
      expect(outcomes.filter((o) => o.stdout.includes(` ${c.username} `))).toHaveLength(1);
    }
  });

  it('payouts:list prints every payout, or those of one status', async () => {
    const all = await ops('payouts:list');
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(all.stdout.split('\n')[0]!.split(/\s{2,}/)).toEqual([
      'ID',
      'WEEK',
      'CREATOR',
      'AMOUNT',
      'METHOD',
      'DESTINATION',
      'STATUS',
      'REFERENCE',
    ]);
    expect(rowOf(all.stdout, alice.username)).toEqual([
      expect.any(String),
      '2024-W05',
      alice.username,
      '$35.50',
      'paypal',
      'alice@example.com',
      'pending',
    ]);
    // Alice's earning of Monday 2024-02-05 waited for a later week, and was paid with 2024-W07.
    expect(rowOf(all.stdout, alice.username, '2024-W07')).toEqual([
      expect.any(String),
      '2024-W07',
      alice.username,
      '$7.00',
      'paypal',
      'alice@example.com',
      'pending',
    ]);
    expect(all.stdout).toMatch(/\n6 payout\(s\)\n$/);

    const held = await ops('payouts:list', '--status', 'on_hold');
    expect(held.code).toBe(0);
    expect(rowOf(held.stdout, bob.username)).toEqual([
      expect.any(String),
      '2024-W05',
      bob.username,
      '$9.99',
      '-',
      '-',
      'on_hold',
    ]);
    expect(rowOf(held.stdout, alice.username)).toBeUndefined();
    expect((await ops('payouts:list', '--status', 'paid')).stdout).toBe('No payouts with status paid.\n');
  });

  it('payouts:mark-paid records a manual payment once', async () => {
    const [payout] = await payoutsOf(alice.id);

    const paid = await ops('payouts:mark-paid', payout!.id, '--reference', 'PayPal 5TY05013RG002845M');
    expect(paid).toMatchObject({ code: 0, stderr: '' });
    expect(paid.stdout).toBe(
      `Payout ${payout!.id} (${alice.username}, 2024-W05, $35.50) marked paid, reference: PayPal 5TY05013RG002845M\n`,
    );
    expect((await payoutsOf(alice.id))[0]).toMatchObject({ status: 'paid', reference: 'PayPal 5TY05013RG002845M' });

    const again = await ops('payouts:mark-paid', payout!.id, '--reference', 'again');
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: `${PayoutMessages.alreadyPaid}\n` });
    const missing = await ops('payouts:mark-paid', randomUUID(), '--reference', 'x');
    expect(missing).toMatchObject({ code: 1, stderr: `${PayoutMessages.notFound}\n` });
  });

  it.each([
    [
      'payouts:run --week 2025-W53',
      ['payouts:run', '--week', '2025-W53'],
      '2025 has 52 ISO weeks, from 2025-W01 to 2025-W52',
      'payouts:run [--week 2026-W47]',
    ],
    [
      'payouts:run --week last',
      ['payouts:run', '--week', 'last'],
      '"last" is not an ISO week',
      'payouts:run [--week 2026-W47]',
    ],
    [
      'payouts:run --week 2999-W01',
      ['payouts:run', '--week', '2999-W01'],
      '2999-W01 has not ended yet',
      'payouts:run [--week 2026-W47]',
    ],
    ['payouts:run --week', ['payouts:run', '--week'], "Option '--week <value>' argument missing", 'payouts:run'],
    ['payouts:run now', ['payouts:run', 'now'], 'Unexpected argument: now', 'payouts:run'],
    ['payouts:list --status lost', ['payouts:list', '--status', 'lost'], PayoutMessages.invalidStatus, 'payouts:list'],
    ['payouts:list --colour red', ['payouts:list', '--colour', 'red'], "Unknown option '--colour'", 'payouts:list'],
    [
      'payouts:mark-paid --reference x',
      ['payouts:mark-paid', '--reference', 'x'],
      'Give the id of the payout to mark paid',
      'payouts:mark-paid <payout-id>',
    ],
    [
      'payouts:mark-paid abc --reference x',
      ['payouts:mark-paid', 'abc', '--reference', 'x'],
      'abc is not a payout id',
      'payouts:mark-paid <payout-id>',
    ],
    [
      'payouts:mark-paid <uuid>',
      ['payouts:mark-paid', randomUUID()],
      PayoutMessages.referenceRequired,
      'payouts:mark-paid <payout-id>',
    ],
    [
      'payouts:mark-paid <uuid> --reference <256 characters>',
      ['payouts:mark-paid', randomUUID(), '--reference', 'r'.repeat(256)],
      PayoutMessages.referenceTooLong,
      'payouts:mark-paid <payout-id>',
    ],
    ['payouts:fly', ['payouts:fly'], 'Unknown command: payouts:fly', 'Commands:'],
    ['no command', [], 'Usage: npm run ops -- <command> [options]', 'payouts:mark-paid'],
  ])('%s: exit code 2 with the problem and the usage', async (_, args, problem, usage) => {
    const outcome = await ops(...args);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain(problem);
    expect(outcome.stderr).toContain(usage);
  });

  it('payouts:run reports each creator whose week nets zero or less, with the amount carried over, once', async () => {
    const owing = await creator({ paypal: 'owing@example.com' });
    const even = await creator({ cashapp: 'even_cash' });
    // owing: a booking of 2024-W09 paid out in that week's payout, refunded in 2024-W10 (-$8.00), and $5.00
    // earned in 2024-W10; even: a booking earned and refunded in 2024-W10.
    const refunded = await earning(owing.id, 800, '2024-02-27T10:00:00Z');
    expect((await ops('payouts:run', '--week', '2024-W09')).code).toBe(0);
    await reversal(owing.id, refunded, -800, '2024-03-05T10:00:00Z');
    await earning(owing.id, 500, '2024-03-06T10:00:00Z');
    const evenBooking = await earning(even.id, 700, '2024-03-05T10:00:00Z');
    await reversal(even.id, evenBooking, -700, '2024-03-07T10:00:00Z');

    /** The carried-over table's row of a creator: WEEK, CREATOR, CARRIED. */
    const carriedRow = (stdout: string, username: string) =>
      stdout
        .split('\n')
        .find((line) => line.startsWith('2024-W10  ') && line.includes(`  ${username}  `))
        ?.split(/\s{2,}/);

    const runs = await Promise.all([1, 2].map(() => ops('payouts:run', '--week', '2024-W10')));
    const again = await ops('payouts:run', '--week', '2024-W10');

    for (const outcome of [...runs, again]) {
      expect(outcome).toMatchObject({ code: 0, stderr: '' });
      expect(outcome.stdout).not.toContain('or there are none');
      expect(outcome.stdout).toContain(
        '2024-W10 (2024-03-04 00:00 UTC to 2024-03-11 00:00 UTC): no payouts created; 2 creator(s) carried over, their earnings less refunds at zero or less (-$3.00 in all):',
      );
      expect(carriedRow(outcome.stdout, owing.username)).toEqual(['2024-W10', owing.username, '-$3.00']);
      expect(carriedRow(outcome.stdout, even.username)).toEqual(['2024-W10', even.username, '$0.00']);
    }
    const carried = await db.query<{ creator_id: string; week: string; amount: number }>(
      'select creator_id, week, amount from payout_carryovers where creator_id = any($1) order by amount',
      [[owing.id, even.id]],
    );
    expect(carried.rows).toEqual([
      { creator_id: owing.id, week: '2024-W10', amount: -300 },
      { creator_id: even.id, week: '2024-W10', amount: 0 },
    ]);
    expect((await payoutsOf(owing.id)).map((p) => p.week)).toEqual(['2024-W09']);
    expect(await payoutsOf(even.id)).toEqual([]);
  });

  it('secrets:reseal seals two-factor secrets with the newest SESSION_SECRET, once', async () => {
    const OLD = 'ops-cli-test-session-secret-0123456789abcdef';
    const NEW = 'ops-cli-newer-session-secret-0123456789abcd';
    const { id } = await creator();
    await new PostgresTwoFactorStore(db, [OLD]).startSetup(id, 'JBSWY3DPEHPK3PXP', new Date());

    const first = await opsWith({ SESSION_SECRET: `${NEW},${OLD}` }, 'secrets:reseal');
    expect(first).toMatchObject({ code: 0, stdout: '1 two-factor secret(s) sealed anew with the newest SESSION_SECRET.\n' });
    const again = await opsWith({ SESSION_SECRET: `${NEW},${OLD}` }, 'secrets:reseal');
    expect(again.stdout).toBe('0 two-factor secret(s) sealed anew with the newest SESSION_SECRET.\n');
    expect((await new PostgresTwoFactorStore(db, [NEW]).state(id))?.secret).toBe('JBSWY3DPEHPK3PXP');
  });

  it('help prints the commands on stdout', async () => {
    const help = await ops('help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    for (const name of ['payouts:run', 'payouts:list', 'payouts:mark-paid', 'secrets:reseal']) expect(help.stdout).toContain(name);
  });

  describe('support requests', () => {
    const requests: Record<string, string> = {};
    let free: { id: string; username: string };
    let premium: { id: string; username: string };

    /** A request as the API stores it, created `at`. */
    async function supportRequest(
      name: string,
      creatorId: string,
      at: string,
      options: { priority?: boolean; closedAt?: string } = {},
    ): Promise<void> {
      requests[name] = randomUUID();
      await db.query(
        `insert into support_requests (id, creator_id, subject, message, priority, status, created_at, closed_at)
         values ($1, $2, $3, 'Please help', $4, $5, $6, $7)`,
        [
          requests[name],
          creatorId,
          name,
          options.priority ?? false,
          options.closedAt ? 'closed' : 'open',
          at,
          options.closedAt ?? null,
        ],
      );
    }

    const supportRow = (stdout: string, name: string) =>
      stdout
        .split('\n')
        .find((line) => line.startsWith(`${requests[name]} `))
        ?.split(/\s{2,}/);

    /** The SUBJECT cells of a support:list table, top to bottom (header and count line left out). */
    const subjects = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(/\s{2,}/)[5]);

    it('support:list says when there are none', async () => {
      expect(await ops('support:list')).toEqual({ code: 0, stdout: 'No support requests.\n', stderr: '' });
      expect((await ops('support:list', '--status', 'open')).stdout).toBe('No open support requests.\n');
    });

    it('support:list prints the queue: open first, then priority, then the oldest', async () => {
      free = await creator();
      premium = await creator();
      await supportRequest('Free, oldest', free.id, '2024-03-01T09:00:00Z');
      await supportRequest('Premium, answered', premium.id, '2024-03-01T08:00:00Z', {
        priority: true,
        closedAt: '2024-03-01T08:30:00Z',
      });
      await supportRequest('Premium, waiting', premium.id, '2024-03-01T10:00:00Z', { priority: true });
      await supportRequest('Free, newer', free.id, '2024-03-01T11:00:00Z');

      const all = await ops('support:list');

      expect(all).toMatchObject({ code: 0, stderr: '' });
      const lines = all.stdout.trimEnd().split('\n');
      expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'PRIORITY', 'CREATED', 'STATUS', 'CREATOR', 'SUBJECT']);
      expect(subjects(all.stdout)).toEqual(['Premium, waiting', 'Free, oldest', 'Free, newer', 'Premium, answered']);
      expect(supportRow(all.stdout, 'Premium, waiting')).toEqual([
        requests['Premium, waiting'],
        'priority',
        '2024-03-01 10:00 UTC',
        'open',
        premium.username,
        'Premium, waiting',
      ]);
      expect(supportRow(all.stdout, 'Free, oldest')).toEqual([
        requests['Free, oldest'],
        '-',
        '2024-03-01 09:00 UTC',
        'open',
        free.username,
        'Free, oldest',
      ]);
      expect(lines.at(-1)).toBe('4 request(s), 2 priority');

      const open = await ops('support:list', '--status', 'open');
      expect(subjects(open.stdout)).toEqual(['Premium, waiting', 'Free, oldest', 'Free, newer']);
      expect(open.stdout).toMatch(/\n3 request\(s\), 1 priority\n$/);
    });

    it('support:close closes a request; closing it again changes nothing', async () => {
      const id = requests['Free, oldest']!;
      const closed = await ops('support:close', id);
      expect(closed).toEqual({
        code: 0,
        stdout: `Support request ${id} (${free.username}: Free, oldest) closed.\n`,
        stderr: '',
      });
      const [row] = (await db.query('select status, closed_at from support_requests where id = $1', [id])).rows;
      expect(row.status).toBe('closed');

      expect((await ops('support:close', id)).code).toBe(0);
      const [again] = (await db.query('select closed_at from support_requests where id = $1', [id])).rows;
      expect(again.closed_at).toEqual(row.closed_at);
      expect(supportRow((await ops('support:list', '--status', 'closed')).stdout, 'Free, oldest')?.[3]).toBe('closed');

      const missing = await ops('support:close', randomUUID());
      expect(missing).toMatchObject({ code: 1, stdout: '', stderr: `${SupportMessages.notFound}\n` });
    });

    it.each([
      [
        'support:list --status pending',
        ['support:list', '--status', 'pending'],
        SupportMessages.invalidStatus,
        'support:list',
      ],
      ['support:list open', ['support:list', 'open'], 'Unexpected argument: open', 'support:list'],
      ['support:close', ['support:close'], 'Give the id of the support request to close', 'support:close <request-id>'],
      ['support:close abc', ['support:close', 'abc'], 'abc is not a support request id', 'support:close <request-id>'],
    ])('%s: exit code 2 with the problem and the usage', async (_, args, problem, usage) => {
      const outcome = await ops(...args);
      expect(outcome).toMatchObject({ code: 2, stdout: '' });
      expect(outcome.stderr).toContain(problem);
      expect(outcome.stderr).toContain(usage);
    });

    it('help lists the support commands', async () => {
      const help = await ops('help');
      for (const name of ['support:list [--status open|closed]', 'support:close <request-id>'])
        expect(help.stdout).toContain(name);
    });
  });
});
