// The test runner's reading of the suites' JSON reports: counts, and the failed and flaky tests by name.
import { describe, expect, it } from '@jest/globals';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/env.mjs';
import { readCounts, readProblems } from '../lib/test-reports.mjs';

async function report(content) {
  const file = join(await mkdtemp(join(tmpdir(), 'linkbio-reports-')), 'report.json');
  await writeFile(file, JSON.stringify(content));
  return file;
}

describe('test reports', () => {
  it('names the failed tests of a Jest (or Vitest) report, and a file that did not run', async () => {
    const file = await report({
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      numTotalTests: 2,
      testResults: [
        {
          name: join(ROOT, 'backend/test/a.integration-spec.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            { status: 'failed', fullName: 'a counts twice' },
          ],
        },
        { name: join(ROOT, 'backend/test/b.integration-spec.ts'), status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] },
      ],
    });
    expect(await readCounts(file)).toEqual({ passed: 1, failed: 1, skipped: 0, total: 2 });
    expect(await readProblems(file)).toEqual({
      failed: ['backend/test/a.integration-spec.ts › a counts twice', 'backend/test/b.integration-spec.ts (did not run: Cannot find module x)'],
      flaky: [],
    });
  });

  it('names the failed and the flaky tests of a Playwright report, with their describe blocks', async () => {
    const file = await report({
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'booking.spec.ts',
          specs: [{ title: 'books', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'with JavaScript',
              specs: [
                { title: 'pays', tests: [{ status: 'unexpected' }] },
                { title: 'refunds', tests: [{ status: 'flaky' }] },
              ],
            },
          ],
        },
      ],
    });
    expect(await readCounts(file)).toEqual({ passed: 2, failed: 1, skipped: 0, total: 3 });
    expect(await readProblems(file)).toEqual({
      failed: ['booking.spec.ts › with JavaScript › pays'],
      flaky: ['booking.spec.ts › with JavaScript › refunds'],
    });
  });

  it('reads nothing from a missing report', async () => {
    expect(await readCounts('/nonexistent/report.json')).toBeNull();
    expect(await readProblems('/nonexistent/report.json')).toEqual({ failed: [], flaky: [] });
  });
});
