// How fast the API tells a visitor's country (analytics' MmdbCountryLookup on the shipped database), and what
// loading the database at start costs. A benchmark that prints figures; it asserts nothing.
//
//   cd backend && npx tsc -p tsconfig.build.json && cd .. && node scripts/country-lookup-bench.mjs
//   node scripts/country-lookup-bench.mjs --lookups 200000
//
// Addresses are drawn at random before timing (so drawing them is not counted): IPv4 over the whole space
// (special-purpose ones included, as a real mix would have a few), the same as IPv4-mapped IPv6, and IPv6 in the
// blocks the regional registries allocate from. Each set is looked up once to warm up, then timed.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/env.mjs';

const args = process.argv.slice(2);
const lookups = Number(args[args.indexOf('--lookups') + 1]) || 1_000_000;
const adapter = resolve(ROOT, 'backend/dist/modules/analytics/infrastructure/mmdb-country-lookup.js');
if (!existsSync(adapter)) {
  console.error(`${adapter} is not built: cd backend && npx tsc -p tsconfig.build.json`);
  process.exit(1);
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const random16 = () => Math.floor(Math.random() * 0x10000);
const randomIpv4 = () => [0, 0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.');
// The /16s the regional registries allocate IPv6 from (APNIC 2400::/12, ARIN 2600::/12, LACNIC 2800::/12, RIPE NCC
// 2a00::/12, AfriNIC 2c00::/12, and 2001::/16): random addresses elsewhere in 2000::/3 are almost never listed.
const IPV6_FIRST_GROUPS = [
  0x2001,
  ...[0x2400, 0x2600, 0x2800, 0x2a00].flatMap((block) => Array.from({ length: 16 }, (_, i) => block + i)),
  0x2c0f,
];
const randomIpv6 = () => {
  const first = IPV6_FIRST_GROUPS[Math.floor(Math.random() * IPV6_FIRST_GROUPS.length)];
  return [first, ...Array.from({ length: 7 }, random16)].map((group) => group.toString(16)).join(':');
};

const { MmdbCountryLookup } = await import(pathToFileURL(adapter).href);

globalThis.gc?.();
const before = process.memoryUsage();
const started = process.hrtime.bigint();
const lookup = MmdbCountryLookup.load();
const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
const loaded = process.memoryUsage();
console.log(`database built ${lookup.builtAt.toISOString()}`);
console.log(
  `load: ${loadMs.toFixed(1)} ms; memory +${mib(loaded.rss - before.rss)} RSS, +${mib(loaded.external - before.external)} outside the heap (the file's buffer), +${mib(loaded.heapUsed - before.heapUsed)} heap`,
);

const sets = {
  IPv4: Array.from({ length: lookups }, randomIpv4),
  'IPv4-mapped IPv6': [],
  IPv6: Array.from({ length: lookups }, randomIpv6),
};
sets['IPv4-mapped IPv6'] = sets.IPv4.map((address) => `::ffff:${address}`);

for (const [name, addresses] of Object.entries(sets)) {
  for (const address of addresses) lookup.countryOf(address);
  let known = 0;
  const start = process.hrtime.bigint();
  for (const address of addresses) if (lookup.countryOf(address) !== 'unknown') known++;
  const ns = Number(process.hrtime.bigint() - start) / addresses.length;
  console.log(
    `${name.padEnd(17)} ${ns.toFixed(0).padStart(5)} ns per lookup over ${addresses.length.toLocaleString('en')} random addresses (${((known / addresses.length) * 100).toFixed(1)}% with a country)`,
  );
}
const after = process.memoryUsage();
console.log(
  `after the lookups: RSS ${mib(after.rss)} in all (the addresses drawn included), +${mib(after.external - before.external)} outside the heap`,
);
