import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startApp } from './support/harness.js';

/**
 * The API description as the API serves it, linted by Redocly CLI with its recommended rules (every operation
 * summarised, its security declared, a server named, a licence…): no error and no warning. Redocly runs as a
 * child process, offline: no telemetry, no update check, a home of its own.
 */

const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const LINT_TIMEOUT_MS = 60_000;

/**
 * Where the description departs from a recommended rule because the route does: each exception names the
 * operation and why, and must still occur (an exception that no longer does fails the lint below).
 */
const EXCEPTIONS: Array<{ rule: string; path: string; why: string; method?: 'get' | 'post' }> = [
  { rule: 'operation-2xx-response', path: '/go/{linkId}', why: 'counts the click and redirects to the link (302)' },
  {
    rule: 'operation-2xx-response',
    path: '/booking-success',
    why: 'checks the payment and redirects to the bio page (302)',
  },
  { rule: 'operation-2xx-response', path: '/book', why: 'a booking path without a username redirects home (302)' },
  {
    rule: 'operation-2xx-response',
    path: '/order/{token}/download',
    method: 'post',
    why: 'counts the download and redirects to the file’s short-lived link (303)',
  },
];

const pointer = (path: string, method = 'get') => `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses`;

/** Redocly's ignore file, read from the directory it lints in: the exceptions, with their reasons. */
function ignoreFile(file: string): string {
  const rules = [...new Set(EXCEPTIONS.map(({ rule }) => rule))];
  const entries = rules.flatMap((rule) => [
    `  ${rule}:`,
    ...EXCEPTIONS.filter((exception) => exception.rule === rule).flatMap(({ path, why, method = 'get' }) => [
      `    # ${method.toUpperCase()} ${path} ${why}.`,
      `    - '${pointer(path, method)}'`,
    ]),
  ]);
  return [`${file}:`, ...entries, ''].join('\n');
}

interface LintResult {
  code: number;
  totals?: { errors: number; warnings: number; ignored: number };
  problems: string[];
  output: string;
}

type Problem = { ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> };

function lint(directory: string, file: string): Promise<LintResult> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: directory,
    NODE_ENV: 'test',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
  };
  const args = [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: directory, env, timeout: LINT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const json = stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1);
        let report: { totals?: LintResult['totals']; problems?: Problem[] } = {};
        try {
          report = JSON.parse(json) as typeof report;
        } catch {
          // Left empty: the assertion below prints what Redocly said instead.
        }
        const problems = (report.problems ?? []).map(
          ({ severity, ruleId, message, location }) =>
            `${severity} ${ruleId} at ${location[0]?.pointer ?? '?'}: ${message}`,
        );
        resolve({ code, totals: report.totals, problems, output: `${stdout}\n${stderr}`.trim() });
      },
    );
  });
}

describe('the API description, linted', () => {
  let app: INestApplication;
  let directory: string;

  beforeAll(async () => {
    app = await startApp();
    directory = await mkdtemp(join(tmpdir(), 'linkbio-openapi-'));
  });

  afterAll(async () => {
    await app.close();
    await rm(directory, { recursive: true, force: true });
  });

  it(
    "passes Redocly CLI's recommended rules with no error and no warning",
    async () => {
      const served = await request(app.getHttpServer()).get('/api/openapi.json').expect(200);
      await writeFile(join(directory, 'openapi.json'), JSON.stringify(served.body, null, 2));
      await writeFile(join(directory, '.redocly.lint-ignore.yaml'), ignoreFile('openapi.json'));

      const result = await lint(directory, 'openapi.json');

      // On failure, the problems Redocly found (or, if it could not report them, everything it printed).
      expect({ code: result.code, problems: result.problems, output: result.totals ? '' : result.output }).toEqual({
        code: 0,
        problems: [],
        output: '',
      });
      expect(result.totals).toEqual({ errors: 0, warnings: 0, ignored: EXCEPTIONS.length });
    },
    LINT_TIMEOUT_MS + 10_000,
  );

  it('lists the answers the body checks give on every API call, reads included', async () => {
    // Every answer is checked against the description (openapi-responses.ts): these statuses must be listed.
    const malformed = await request(app.getHttpServer())
      .get('/api/health/live')
      .set('Content-Type', 'application/json')
      .send('{"a":')
      .expect(400);
    expect(malformed.body).toEqual({ statusCode: 400, message: expect.stringMatching(/\S/) });
    const large = JSON.stringify({ padding: 'x'.repeat(70 * 1024) });
    await request(app.getHttpServer())
      .get('/api/config')
      .set('Content-Type', 'application/json')
      .send(large)
      .expect(413);
  });
});
