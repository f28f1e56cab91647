// The deployment files the topology test stands for: docker/compose.yaml and docker/nginx.conf.template.
// There is no Docker engine here, so what the test cannot run is checked as written: the compose file gives
// nginx every value the template needs, the migrations run once before the APIs and workers, and those start
// without migrating; the template renders with compose's values as nginx's image renders it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT } from '../lib/env.mjs';
import { PROXY_TEMPLATE, renderProxyTemplate } from '../lib/topology-proxy.mjs';

const { parse } = createRequire(import.meta.url)('yaml');
const compose = parse(readFileSync(resolve(ROOT, 'docker/compose.yaml'), 'utf8'), { merge: true });
const template = readFileSync(PROXY_TEMPLATE, 'utf8');
const templateNames = [...new Set([...template.matchAll(/\$\{(LINKBIO_[A-Z0-9_]+)\}/g)].map((m) => m[1]))].sort();

describe('docker/compose.yaml', () => {
  it('gives the proxy every value the nginx template names, and mounts it where nginx renders templates', () => {
    const proxy = compose.services.proxy;
    expect(Object.keys(proxy.environment).sort()).toEqual(templateNames);
    expect(proxy.volumes).toContain('./nginx.conf.template:/etc/nginx/templates/linkbio.conf.template:ro');
    expect(proxy.ports).toEqual(['80:80', '443:443']);
  });

  it('runs two APIs and two workers, after the one-shot migrations succeeded, none of them migrating', () => {
    const { migrate, api, worker } = compose.services;
    expect(migrate.command).toEqual(['node', 'backend/dist/database/migrate.js']);
    expect(migrate.restart).toBe('no');
    for (const [service, entry] of [
      [api, 'backend/dist/main.js'],
      [worker, 'backend/dist/worker.main.js'],
    ]) {
      expect(service.command).toEqual(['node', entry]);
      expect(service.deploy.replicas).toBe(2);
      expect(service.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(service.depends_on['minio-bucket']).toEqual({ condition: 'service_completed_successfully' });
      expect(service.environment.TRUST_PROXY).toBe('uniquelocal');
      expect(service.environment.S3_BUCKET).toBe(compose.services.proxy.environment.LINKBIO_S3_BUCKET);
    }
    expect(api.ports).toBeUndefined();
  });

  it('keeps Redis durable: append-only, no eviction', () => {
    expect(compose.services.redis.command).toEqual([
      'redis-server',
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
    ]);
  });
});

describe('docker/nginx.conf.template', () => {
  const values = { ...compose.services.proxy.environment, LINKBIO_PUBLIC_URL: 'https://linkbio.example' };

  it("renders with compose's values, leaving nginx's own variables alone", () => {
    const rendered = renderProxyTemplate(template, values);
    expect(rendered).not.toMatch(/\$\{LINKBIO_/);
    expect(rendered).toContain('server api:3000;');
    expect(rendered).toContain('return 301 https://linkbio.example$request_uri;');
    expect(rendered).toContain('location /linkbio.media/ {');
    expect(rendered).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(rendered).toContain('ssl_certificate /etc/linkbio/tls/fullchain.pem;');
  });

  it('refuses to render with a value missing, naming it', () => {
    const incomplete = Object.fromEntries(Object.entries(values).filter(([name]) => name !== 'LINKBIO_TLS_KEY'));
    expect(() => renderProxyTemplate(template, incomplete)).toThrow('needs ${LINKBIO_TLS_KEY}');
  });
});
