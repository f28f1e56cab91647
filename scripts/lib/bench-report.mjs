// What `npm run bench` prints and keeps: aligned tables, the memory and count lines, and bench/results/latest.json
// with the machine the figures were taken on.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';

const number = (value, digits = 0) =>
  value === null || value === undefined
    ? '-'
    : Number(value).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Columns padded to their widest cell; numbers (and '-') right-aligned. */
export function formatTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const right = (value) => /^[-+]?[\d,.]+( ?[%x×]|ms| MiB)?$|^-$|^×/.test(value);
  const line = (row) =>
    row
      .map((value, i) => (right(value) && i > 0 ? value.padStart(widths[i]) : value.padEnd(widths[i])))
      .join(' | ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.slice(1).map(line)].join('\n');
}

const errorsCell = (row) => (row.timeouts > 0 ? `${row.errors} (${row.timeouts} timeouts)` : String(row.errors));

/** Latency in ms: one decimal below 100 ms (wrk measures in µs), whole above. */
const ms = (value) => (value === null || value === undefined ? '-' : number(value, value < 100 ? 1 : 0));

/** The main table: one row per path, its req/s beside the baseline's (`ratio`: the median of its rounds'). */
export function loadTable(rows, baselineRps) {
  return formatTable(
    ['path', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'served', 'non-2xx', 'errors'],
    rows.map((row) => [
      row.name,
      number(row.rps, 1),
      ms(row.latency.p50),
      ms(row.latency.p99),
      `${number(row.ratio ?? row.rps / baselineRps, 3)}`,
      number(row.ok),
      number(row.failed),
      errorsCell(row),
    ]),
  );
}

/** The growth table: what a page or call costs before and after the tables grew. */
export function growthTable(rows) {
  return formatTable(
    ['measure', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'served', 'non-2xx', 'errors', 'data'],
    rows.map((row) => [
      row.name,
      number(row.rps, 1),
      ms(row.latency.p50),
      ms(row.latency.p99),
      row.ratio === undefined ? '-' : number(row.ratio, 3),
      number(row.ok),
      number(row.failed),
      errorsCell(row),
      row.data,
    ]),
  );
}

/** "expected N, counted N, lost N, doubled N" for views or clicks; `unanswered` widens what is expected. */
export function countLine(label, expected, unanswered, counted) {
  const lost = Math.max(0, expected - counted);
  const doubled = Math.max(0, counted - (expected + unanswered));
  const range =
    unanswered > 0
      ? ` (to ${number(expected + unanswered)}: ${number(unanswered)} requests were sent but never answered)`
      : '';
  return {
    text: `${label.padEnd(7)} expected ${number(expected)}${range}, counted ${number(counted)}, lost ${number(lost)}, doubled ${number(doubled)}`,
    value: { expected, unanswered, counted, lost, doubled },
  };
}

export { number };

/** Everything a run measured, as the tables and lines a reader compares between runs. */
export function printResults(results) {
  const { machine: m, services: s, options: o } = results;
  const tree = `${m.productTree} at ${m.commit?.slice(0, 7) ?? '?'}${m.uncommittedProductChanges ? ` with ${m.uncommittedProductChanges} uncommitted changes` : ''}`;
  console.log(
    `\n${results.date}${o.quick ? ', quick' : ''}: ${m.cpus} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `PostgreSQL ${s.postgres.kind} ${s.postgres.version}, Redis ${s.redis.version ? `${s.redis.kind} ${s.redis.version}` : s.redis.kind}; ${tree}`,
  );
  const baselineRps = results.paths[0].rps;
  const g = results.loadGenerator;
  const rounds = o.rounds > 1 ? `median of ${o.rounds} rounds of ${o.duration} s` : `${o.duration} s`;
  console.log(
    `\nLoad generator: ${g.name} ${g.version ?? ''}${g.name === 'wrk' ? ', 1 thread' : ''} (${g.why}).` +
      `\nLoad (${rounds} per path, ${o.connections} connections, pipelining 1; ratio = req/s ÷ the same round's baseline's):\n`,
  );
  console.log(loadTable(results.paths, baselineRps));
  const mem = (r) => `API ${number(r.apiMiB, 1)} MiB, worker ${number(r.workerMiB, 1)} MiB`;
  console.log(
    `\nRSS: idle ${mem(results.rss.idle)}; after the load ${mem(results.rss.afterLoad)}; at the end ${mem(results.rss.end)}`,
  );
  const { views, clicks, waitedSeconds, ended } = results.exactness;
  console.log(
    `\nCounting (the load and its warm-up; the seeding counted nothing; GET /api/analytics read for ${waitedSeconds} s: ${ended}):`,
  );
  console.log(`  ${countLine('views', views.expected, views.unanswered, views.counted).text}`);
  console.log(`  ${countLine('clicks', clicks.expected, clicks.unanswered, clicks.counted).text}`);
  const catchUp = results.paths.filter((row) => row.workerCatchUpMs !== undefined);
  const lag = catchUp.map((row) => `${row.name.split(' (')[0]} ${row.workerCatchUpMs} ms`).join(', ');
  console.log(`  all counted by the worker at the first read after each counting path's load: ${lag}`);
  console.log(
    `\nGrowth (${results.options.growthDuration} s per row, ${results.options.connections} connections; the premium page's ratio is to a bare server sending its bytes):\n`,
  );
  console.log(growthTable(results.growth.rows));
  console.log('');
  for (const row of results.growth.counts) {
    console.log(
      `  views of "${row.name}": expected ${number(row.expected)}, counted ${number(row.counted)}, lost ${number(row.lost)}, doubled ${number(row.doubled)} (${row.ended})`,
    );
  }
  const c = results.growth.comparison;
  console.log(
    `\nBio page with ${number(results.growth.creators)} more creators: p99 ${c.p99After} ms vs ${c.p99Before} ms before (×${number(c.p99After / Math.max(1, c.p99Before), 2)}), ` +
      `${number(c.rpsAfter, 1)} vs ${number(c.rpsBefore, 1)} req/s.`,
  );
  if (results.productErrorLines.length > 0) {
    console.log(`\nThe product logged ${results.productErrorLines.length} error lines; the first ones:`);
    for (const line of results.productErrorLines.slice(0, 10)) console.log(`  ${line.slice(0, 300)}`);
  }
}

/** The machine, the runtime and where the product's tree stands. */
export function machineFacts(root) {
  const git = (...args) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  const commit = git('rev-parse', 'HEAD').stdout?.trim() || null;
  const changed = git(
    'status',
    '--porcelain',
    '--',
    'backend',
    'public-app',
    'shared-contracts',
    'dashboard-app',
  ).stdout?.trim();
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    productTree: root,
    commit,
    uncommittedProductChanges: changed ? changed.split('\n').length : 0,
  };
}

export async function writeResults(file, results) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}
