// `npm start`'s first step: refuses a Node.js older than 24 before the build runs (scripts/lib/node-version.mjs).
// Prints nothing on Node 24 or newer: start.mjs says which Node runs the product.
import { requireNode } from './lib/node-version.mjs';

requireNode(process.argv[2] ?? 'node', { quiet: true });
