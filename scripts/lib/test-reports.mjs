// The JSON reports the test suites write (Jest's, Vitest's in Jest's format, Playwright's): their counts, and the
// tests that failed or needed a second try, by name.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { ROOT } from './env.mjs';

/**
 * The tests of a report that failed, and those that passed only when run again (Playwright's "flaky"), by
 * name: the summary ends with them, so the last lines of a run say what to look at.
 */
export async function readProblems(file) {
  const result = await readFile(file, 'utf8').then(JSON.parse).catch(() => null);
  const problems = { failed: [], flaky: [] };
  if (!result) return problems;
  if (Array.isArray(result.suites) && result.stats) {
    const walk = (suite, path) => {
      const here = suite.title ? [...path, suite.title] : path;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const name = [...here, spec.title].join(' › ');
          if (test.status === 'unexpected') problems.failed.push(name);
          else if (test.status === 'flaky') problems.flaky.push(name);
        }
      }
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of result.suites) walk(suite, []);
    return problems;
  }
  for (const file of result.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') problems.failed.push(`${relative(ROOT, file.name ?? '')} › ${test.fullName ?? test.title}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') problems.failed.push(`${relative(ROOT, file.name ?? '')} (did not run: ${String(file.message ?? '').split('\n')[0].slice(0, 200)})`);
  }
  return problems;
}

export async function readCounts(file) {
  const result = await readFile(file, 'utf8').then(JSON.parse).catch(() => null);
  if (!result) return null;
  if (result.stats && typeof result.stats.expected === 'number') {
    const { expected, unexpected, flaky, skipped } = result.stats;
    return { passed: expected + flaky, failed: unexpected, skipped, total: expected + unexpected + flaky + skipped };
  }
  return {
    passed: result.numPassedTests,
    failed: result.numFailedTests,
    skipped: (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0),
    total: result.numTotalTests,
  };
}

