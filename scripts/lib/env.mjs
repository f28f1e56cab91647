import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import dotenv from 'dotenv';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Reads `.env` at the project's root into process.env (variables already set win). */
export function loadDotEnv() {
  dotenv.config({ path: resolve(ROOT, '.env'), quiet: true });
}

export function dataDir() {
  return resolve(ROOT, process.env.DATA_DIR ?? '.data');
}

/** A session secret kept in the data folder, so sessions survive restarts of a local install. */
export async function localSessionSecret(dir) {
  const file = resolve(dir, 'session-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
