import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** One answer the API gave, as the checker compares it with the API description. */
export interface ObservedResponse {
  method: string;
  /** The request's path, without its query. */
  path: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType: string | undefined;
  /** The body as sent (decoded), or undefined when there was none. */
  body: string | undefined;
  /** The Set-Cookie lines, when the answer set cookies (seen by watchServer only). */
  setCookie?: string[];
}

interface Answer {
  content?: Record<string, { schema?: unknown }>;
}

type Operation = { responses: Record<string, Answer> };

/** Paths served beside the API that its description does not cover: the description itself and its page. */
const NOT_DESCRIBED = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

const DOCUMENT_ID = 'urn:linkbio:openapi';
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Compares answers with an OpenAPI 3.1 document: the status must be listed for the path and method, the media
 * type among the listed ones, and a JSON body must match its schema (JSON Schema 2020-12, with formats).
 * A path the document does not know must answer the API's 404; paths outside /api that no route names
 * (the dashboard, static files, the metrics) are not the API's and are not checked.
 */
export class OpenApiChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, validateSchema: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ pattern: RegExp; path: string; literals: number }>;

  /** `outside`: prefixes of the handlers mounted beside the controllers (metrics, static files), not checked. */
  constructor(
    private readonly document: OpenAPIObject,
    private readonly outside: readonly string[] = [],
  ) {
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    this.routes = Object.keys(document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        literals: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      }))
      // The most literal path first: /api/links/order before /api/links/{id}.
      .sort((a, b) => b.literals - a.literals || b.path.length - a.path.length);
  }

  /** What is wrong with this answer, as readable sentences; empty when it matches the document. */
  check(observed: ObservedResponse): string[] {
    const { path, status } = observed;
    if (NOT_DESCRIBED.some((pattern) => pattern.test(path)) || observed.method === 'OPTIONS') return [];
    if (this.outside.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return [];
    const method = observed.method === 'HEAD' ? 'get' : observed.method.toLowerCase();
    const route = this.routes.find(({ pattern, path: template }) => pattern.test(path) && this.operation(template, method));
    if (!route) {
      if (!path.startsWith('/api/') && path !== '/api') return [];
      if (status !== 404) return [`no route in the document for this call, yet it answered ${status} (only the API's 404 may)`];
      return this.checkBody(observed, ['components', 'schemas', 'Error'], 'application/json');
    }
    const operation = this.operation(route.path, method)!;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
    if (!key) return [`status ${status} is not listed for ${method.toUpperCase()} ${route.path} (listed: ${Object.keys(operation.responses).join(', ')})`];
    const content = operation.responses[key]!.content;
    if (!content || observed.body === undefined || observed.body === '' || observed.method === 'HEAD' || (status >= 300 && status < 400)) return [];
    const type = (observed.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const listed = Object.keys(content).find((candidate) => candidate === type || candidate === '*/*' || (candidate.endsWith('/*') && type.startsWith(candidate.slice(0, -1))));
    if (!listed) return [`media type "${type}" is not listed for ${status} (listed: ${Object.keys(content).join(', ')})`];
    if (!content[listed]!.schema || !/[/+]json$/.test(type)) return [];
    return this.checkBody(observed, ['paths', route.path, method, 'responses', key, 'content', listed, 'schema'], listed);
  }

  private operation(path: string, method: string): Operation | undefined {
    return (this.document.paths[path] as Record<string, Operation> | undefined)?.[method];
  }

  private checkBody(observed: ObservedResponse, location: string[], type: string): string[] {
    if (observed.body === undefined) return [];
    let value: unknown;
    try {
      value = JSON.parse(observed.body);
    } catch {
      return [`the body is not the ${type} it says it is: ${observed.body.slice(0, 200)}`];
    }
    const ref = `${DOCUMENT_ID}#/${pointer(...location)}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `body${error.instancePath.replace(/\//g, '.') || ''} ${error.message ?? 'is not valid'}${error.params ? ` ${JSON.stringify(error.params)}` : ''} (schema ${error.schemaPath})`,
    );
  }
}
