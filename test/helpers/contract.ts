/**
 * The REST contract as a checker: every answer is looked up in /api/openapi.json (the document the
 * server serves, built from the operations' schemas) by method, path and status, and its body
 * validated with ajv. contract-setup.ts runs it on every /api answer a test receives.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { restRoutes } from '../../src/server/rest/index.ts';
import { operationsFor, templatesOf, type ContractDocument } from '../../src/server/rest/document-paths.ts';
import { buildOpenApi } from '../../src/server/rest/openapi.ts';

export interface Verdict {
  /** The documented operation that answered; undefined for a path the document does not name. */
  operationId?: string;
  /** What does not match; empty when the answer conforms. */
  problems: string[];
}

/** A JSON pointer as a URI fragment: `~` and `/` escaped, then percent-encoded (`{id}`). */
const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export function createContract(doc: ContractDocument = buildOpenApi(restRoutes) as unknown as ContractDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const templates = templatesOf(doc);
  const validators = new Map<string, ValidateFunction>();

  const validatorFor = (ref: string) => {
    let v = validators.get(ref);
    if (!v) validators.set(ref, (v = ajv.compile({ $ref: ref })));
    return v;
  };
  const errorsOf = (v: ValidateFunction) => ajv.errorsText(v.errors, { dataVar: 'body', separator: '; ' });

  /**
   * `body` is the parsed JSON, or undefined when the answer has none (304, HEAD). `mediaType`: an
   * answer that is not JSON (a download), which the document must name for that status.
   */
  function check(method: string, pathname: string, status: number, body: unknown, mediaType?: string): Verdict {
    // HEAD is GET without the body.
    const asMethod = method === 'HEAD' ? 'GET' : method;
    const found = operationsFor(templates, asMethod, pathname);
    if (found.length > 1) return { problems: [`${method} ${pathname} names ${found.length} operations: ${found.map((o) => o.operationId).join(', ')}`] };
    if (found.length === 0) {
      // A path outside the document (a malformed id, an unknown path) is still answered with the failure shape.
      if (status < 400) return { problems: [`${method} ${pathname} is not in the document, yet answered ${status}`] };
      const v = validatorFor('openapi.json#/components/schemas/Failure');
      return { problems: body === undefined || v(body) ? [] : [`${method} ${pathname} ${status}: not the failure shape: ${errorsOf(v)}`] };
    }
    const op = found[0];
    const where = `${method} ${pathname} (${op.operationId}) ${status}`;
    const response = op.responses[String(status)] as { content?: Record<string, unknown> } | undefined;
    if (!response) return { operationId: op.operationId, problems: [`${where}: status not documented (documented: ${Object.keys(op.responses).join(', ')})`] };
    if (mediaType) {
      return {
        operationId: op.operationId,
        problems: response.content?.[mediaType] ? [] : [`${where}: answered ${mediaType}, documented ${Object.keys(response.content ?? {}).join(', ') || 'without a body'}`],
      };
    }
    if (body === undefined) return { operationId: op.operationId, problems: [] };
    if (!response.content?.['application/json']) return { operationId: op.operationId, problems: [`${where}: documented without a JSON body, yet has one`] };
    const v = validatorFor(`openapi.json#/${pointer('paths', op.path, op.method, 'responses', String(status), 'content', 'application/json', 'schema')}`);
    return { operationId: op.operationId, problems: v(body) ? [] : [`${where}: ${errorsOf(v)}`] };
  }

  const operationIds = templates.map((t) => t.operation.operationId);
  return { check, operationIds };
}
