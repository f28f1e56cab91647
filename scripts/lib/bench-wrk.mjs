// Load on one path with Debian's wrk: one thread in a process of its own (C, so it takes less of the CPU the
// product needs than a load generator in Node would), driven by a Lua script written for the path into a
// temporary file. The script counts what was sent and the answers by status, and its `done` prints one line of
// JSON after wrk's own summary: that line is what the bench reads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reserveAddresses } from './bench-api.mjs';

/** The start of the line the Lua `done` prints; everything after it on that line is JSON. */
export const WRK_MARKER = '@@linkbio-wrk ';
/** Addresses set aside for one run's sign-ins: far more than argon2 lets through in any run. */
const ADDRESSES_PER_RUN = 500_000;

/** A Lua string literal holding `value` (bytes outside printable ASCII as decimal escapes). */
export function luaString(value) {
  let out = '"';
  for (const byte of Buffer.from(String(value), 'utf8')) {
    const char = String.fromCharCode(byte);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (byte >= 32 && byte < 127) out += char;
    else out += `\\${byte}`;
  }
  return `${out}"`;
}

const luaHeaders = (headers) =>
  `{ ${Object.entries(headers)
    .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
    .join(', ')} }`;

/**
 * The Lua script for one path. Every request goes through `request()` (a string formatted once, or one of
 * several in turn), so the same work is done per request for every path, the baseline's included. `rotate`:
 * `paths` (one after another) or `bodies` (one after another, each with an X-Forwarded-For address of its own
 * from `firstAddress` on, as many sign-ins from one address would be refused).
 */
export function wrkScript({ method = 'GET', path, headers = {}, body, rotate, firstAddress = 1 }) {
  const fixed = rotate?.paths ?? [path];
  const lines = [
    '-- Written by npm run bench for one path; removed after the run.',
    'local threads = {}',
    'function setup(thread) table.insert(threads, thread) end',
    `local method, headers, body = ${luaString(method)}, ${luaHeaders(headers)}, ${body === undefined ? 'nil' : luaString(body)}`,
    `local paths = { ${fixed.map(luaString).join(', ')} }`,
    `local bodies = ${rotate?.bodies ? `{ ${rotate.bodies.map(luaString).join(', ')} }` : 'nil'}`,
    `local path = ${luaString(path)}`,
    `local first_address = ${Math.trunc(firstAddress)}`,
    'local formatted = {}',
    'function init(args)',
    '  sent, statuses = 0, {}',
    '  for i, p in ipairs(paths) do formatted[i] = wrk.format(method, p, headers, body) end',
    'end',
    'local function address(n)',
    '  return string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)',
    'end',
    'function request()',
    '  sent = sent + 1',
    '  if bodies then',
    '    local h = {}',
    '    for k, v in pairs(headers) do h[k] = v end',
    '    h["X-Forwarded-For"] = address(first_address + sent - 1)',
    '    return wrk.format(method, path, h, bodies[(sent - 1) % #bodies + 1])',
    '  end',
    '  return formatted[(sent - 1) % #formatted + 1]',
    'end',
    'function response(status, headers, body)',
    '  statuses[status] = (statuses[status] or 0) + 1',
    'end',
    'function done(summary, latency, requests)',
    '  local sent_all, by_status = 0, {}',
    '  for _, thread in ipairs(threads) do',
    '    sent_all = sent_all + (thread:get("sent") or 0)',
    '    for status, count in pairs(thread:get("statuses") or {}) do',
    '      by_status[status] = (by_status[status] or 0) + count',
    '    end',
    '  end',
    '  local codes = {}',
    '  for status, count in pairs(by_status) do table.insert(codes, string.format("\\"%d\\":%d", status, count)) end',
    '  local e = summary.errors',
    '  io.write(string.format(' +
      luaString(
        `\n${WRK_MARKER}{"requests":%d,"durationUs":%d,"bytes":%d,"sent":%d,` +
          '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' +
          '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"mean":%.1f,"max":%d},"statuses":{%s}}\n',
      ) +
      ',',
    '    summary.requests, summary.duration, summary.bytes, sent_all,',
    '    e.connect, e.read, e.write, e.status, e.timeout,',
    '    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max,',
    '    table.concat(codes, ",")))',
    'end',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * What one wrk run measured, from its output: the line `done` printed (requests completed, the run's length,
 * what was sent, errors, latency in µs, answers by status). Throws, with the end of the output, when the line
 * is missing or is not JSON (wrk failed before the end, or the script did).
 */
export function parseWrkOutput(stdout, stderr = '') {
  const line = stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(WRK_MARKER));
  const tail = () => `${stdout}\n${stderr}`.trim().split('\n').slice(-8).join('\n');
  if (!line) throw new Error(`wrk printed no result line:\n${tail()}`);
  let parsed;
  try {
    parsed = JSON.parse(line.slice(WRK_MARKER.length));
  } catch (error) {
    throw new Error(`wrk's result line is not JSON (${error.message}): ${line}`, { cause: error });
  }
  const ms = (us) => Math.round(us / 10) / 100;
  const statusCodes = Object.fromEntries(
    Object.entries(parsed.statuses)
      .map(([code, count]) => [code, Number(count)])
      .sort(([a], [b]) => Number(a) - Number(b)),
  );
  const e = parsed.errors;
  return {
    requests: parsed.requests,
    seconds: parsed.durationUs / 1e6,
    bytes: parsed.bytes,
    sent: parsed.sent,
    statusCodes,
    errors: e.connect + e.read + e.write,
    timeouts: e.timeout,
    latency: {
      p50: ms(parsed.latencyUs.p50),
      p90: ms(parsed.latencyUs.p90),
      p99: ms(parsed.latencyUs.p99),
      mean: ms(parsed.latencyUs.mean),
      max: ms(parsed.latencyUs.max),
    },
  };
}

/** wrk's version as it reports itself (e.g. "debian/4.1.0-3+b2"), or null. */
export function wrkVersion(command = 'wrk') {
  const out = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return /^wrk (\S+)/m.exec(`${out.stdout}${out.stderr}`)?.[1] ?? null;
}

/**
 * Runs wrk for `duration` seconds over `connections` connections on one thread against `url` + the spec's
 * path and returns what it measured (see parseWrkOutput). wrk stops at the end of the time: the requests in
 * flight then (at most one per connection) were sent, maybe counted by the product, and never answered.
 */
export async function runWrk({ command = 'wrk', url, spec, duration, connections }) {
  const dir = await mkdtemp(join(tmpdir(), 'linkbio-bench-wrk-'));
  const script = join(dir, 'path.lua');
  try {
    const firstAddress = spec.rotate?.bodies ? reserveAddresses(ADDRESSES_PER_RUN) : 1;
    // The script may hold a session cookie: readable by this user only, and removed below.
    await writeFile(script, wrkScript({ ...spec, firstAddress }), { mode: 0o600 });
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', script, `${url}${spec.path}`];
    const { code, stdout, stderr } = await new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stdout: out, stderr: err }));
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}: ${`${stdout}\n${stderr}`.trim().slice(-1000)}`);
    return parseWrkOutput(stdout, stderr);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
