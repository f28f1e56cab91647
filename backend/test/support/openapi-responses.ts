import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, expect } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OBJECTS_PATH } from '../../src/modules/media/infrastructure/local-disk-object-storage.js';
import { buildOpenApiDocument } from '../../src/openapi/api-description.js';
import { describedApp } from '../../src/openapi/testing/described-app.js';
import { METRICS_PATH } from '../../src/shared/metrics/prometheus.metrics.js';
import { QUEUE_DASHBOARD_PATH } from '../../src/web/queue-dashboard.js';
import { watchFetch, watchServer } from './answers-observed.js';
import { OpenApiChecker, type ObservedResponse } from './openapi-check.js';

/**
 * Every integration spec file runs with this (jest.integration.config.js, setupFilesAfterEnv): every answer
 * the spec gets from the API is checked against the API's OpenAPI description. That covers each API the spec
 * builds in its own process (createApp → NestFactory.create), called with supertest or with fetch, and the
 * API processes it starts, called with fetch (told apart from the stubs by the security headers every answer
 * of ours carries). An answer that does not match fails the test that was running, naming the call, the
 * status and what is wrong.
 */

export interface Mismatch extends ObservedResponse {
  problems: string[];
  test: string | undefined;
}

/** The handlers create-app.ts mounts beside the controllers: metrics, the queues' dashboard, images, the dashboard's files. */
const OUTSIDE_THE_API = [METRICS_PATH, QUEUE_DASHBOARD_PATH, OBJECTS_PATH, '/assets'];

let firstApp: INestApplication | undefined;
let checker: Promise<OpenApiChecker> | undefined;
let mismatches: Mismatch[] = [];
const checking = new Set<Promise<void>>();
const ownPorts = new Set<number>();

/** The checker for this spec file: the description of its first API, or of the controllers when it starts none here. */
export function openApiChecker(): Promise<OpenApiChecker> {
  checker ??= (async () => {
    const app = firstApp ?? (await describedApp());
    try {
      return new OpenApiChecker(buildOpenApiDocument(app), OUTSIDE_THE_API);
    } finally {
      if (app !== firstApp) await app.close();
    }
  })();
  return checker;
}

/** The mismatches seen until now (once their checks are done), taken so that they no longer fail the test. */
export async function takeMismatches(): Promise<Mismatch[]> {
  while (checking.size > 0) await Promise.all([...checking]);
  const taken = mismatches;
  mismatches = [];
  return taken;
}

function record(observed: ObservedResponse): void {
  const test = expect.getState().currentTestName;
  const check = openApiChecker()
    .then((found) => found.check(observed))
    .catch((error: unknown) => [`the description could not be checked: ${error instanceof Error ? error.message : String(error)}`])
    .then((problems) => {
      if (problems.length > 0) mismatches.push({ ...observed, problems, test });
    })
    .finally(() => checking.delete(check));
  checking.add(check);
}

const create = NestFactory.create.bind(NestFactory) as (...args: unknown[]) => Promise<INestApplication>;
(NestFactory as unknown as { create: typeof create }).create = async (...args: unknown[]) => {
  const app = await create(...args);
  firstApp ??= app;
  const server = app.getHttpServer() as Server;
  watchServer(server, record);
  server.on('listening', () => ownPorts.add((server.address() as AddressInfo).port));
  return app;
};

/** Our answers carry our Content-Security-Policy (security-headers.ts); the stubs' do not. */
const isOurApiProcess = (url: URL, response: Response) =>
  ['127.0.0.1', 'localhost'].includes(url.hostname) &&
  !ownPorts.has(Number(url.port)) &&
  (response.headers.get('content-security-policy') ?? '').includes('https://js.stripe.com');

watchFetch(isOurApiProcess, record);

/** One paragraph per distinct call, status and problems, with how many times it was seen. */
function describeMismatches(found: Mismatch[]): string {
  const seen = new Map<string, { mismatch: Mismatch; times: number }>();
  for (const mismatch of found) {
    const key = JSON.stringify([mismatch.method, mismatch.path, mismatch.status, mismatch.problems]);
    const entry = seen.get(key);
    if (entry) entry.times += 1;
    else seen.set(key, { mismatch, times: 1 });
  }
  return [
    'Answers that do not match the OpenAPI description (backend/src/openapi):',
    ...[...seen.values()].map(
      ({ mismatch: { method, path, status, contentType, problems, test }, times }) =>
        `  ${method} ${path} → ${status} ${contentType ?? ''}${times > 1 ? ` (${times} times)` : ''}${test ? `  [${test}]` : ''}\n` +
        problems.map((problem) => `    - ${problem}`).join('\n'),
    ),
  ].join('\n');
}

async function failOnMismatches(): Promise<void> {
  const found = await takeMismatches();
  if (found.length > 0) throw new Error(describeMismatches(found));
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
