import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The hexagon's rules over every import under src/modules (tests and in-memory fakes aside): a module reaches
 * another only through its ports (and the domain types they speak), never through its use cases; a use case
 * or a domain rule never reaches into another module's transport (http/), adapters (infrastructure/) or jobs;
 * and no two modules import each other.
 */
const MODULES = dirname(fileURLToPath(import.meta.url));

interface ImportEdge {
  file: string;
  from: { module: string; layer: string };
  to: { module: string; path: string };
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function crossModuleImports(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sources(MODULES)) {
    const [module, layer = ''] = relative(MODULES, file).split(sep);
    if (!module || module.endsWith('.ts')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(MODULES, resolve(dirname(file), match[1]!)).split(sep);
      if (target[0] === '..' || target[0] === module) continue;
      edges.push({ file: relative(MODULES, file), from: { module, layer }, to: { module: target[0]!, path: target.slice(1).join('/') } });
    }
  }
  return edges;
}

describe('module boundaries', () => {
  const edges = crossModuleImports();

  it('finds the modules’ imports of each other', () => {
    expect(edges.length).toBeGreaterThan(10);
  });

  it('no module imports another module’s use cases or services', () => {
    const offending = edges.filter((edge) => /^application\/(?!ports\/).+/.test(edge.to.path));
    expect(offending.map((edge) => `${edge.file} -> ${edge.to.module}/${edge.to.path}`)).toEqual([]);
  });

  it('use cases and domain rules never reach into another module’s http, infrastructure or jobs', () => {
    const offending = edges.filter(
      (edge) => ['application', 'domain'].includes(edge.from.layer) && /^(http|infrastructure|jobs)\//.test(edge.to.path),
    );
    expect(offending.map((edge) => `${edge.file} -> ${edge.to.module}/${edge.to.path}`)).toEqual([]);
  });

  it('no two modules import each other', () => {
    const pairs = new Set(edges.map((edge) => `${edge.from.module}>${edge.to.module}`));
    const mutual = [...pairs].filter((pair) => {
      const [a, b] = pair.split('>');
      return a! < b! && pairs.has(`${b}>${a}`);
    });
    expect(mutual).toEqual([]);
  });
});
