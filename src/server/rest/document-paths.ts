/**
 * Which documented operation a request names, read off /api/openapi.json: a path template matches
 * when its fixed segments are equal and each `{parameter}` segment fits the parameter's schema (an
 * integer id is digits, a file name matches its pattern). The conformance test finds operations
 * with it; `npm run lint:api` uses it to prove that no request can name two operations.
 */

interface ParameterSchema {
  type?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
}

export interface DocumentOperation {
  method: string;
  /** As documented: `/api/ideas/{id}`. */
  path: string;
  operationId: string;
  responses: Record<string, unknown>;
}

interface Segment {
  text: string;
  /** Present for a `{parameter}` segment. */
  schema?: ParameterSchema;
}

interface Template {
  operation: DocumentOperation;
  segments: Segment[];
}

export interface ContractDocument {
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string; schema?: ParameterSchema }[]; responses: Record<string, unknown> }>>;
}

/** Whether one decoded path segment is a value the parameter's schema accepts. */
export function segmentFits(segment: string, schema: ParameterSchema = {}): boolean {
  if (schema.const !== undefined) return String(schema.const) === segment;
  if (schema.enum) return schema.enum.map(String).includes(segment);
  if (schema.type === 'integer') return /^\d+$/.test(segment) && Number(segment) >= (schema.minimum ?? -Infinity);
  if (schema.type === 'number') return segment.trim() !== '' && Number.isFinite(Number(segment));
  const length = [...segment].length;
  if (length < (schema.minLength ?? 1) || length > (schema.maxLength ?? Infinity)) return false;
  return !schema.pattern || new RegExp(schema.pattern, 'u').test(segment);
}

export function templatesOf(doc: ContractDocument): Template[] {
  const templates: Template[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const segments = path.split('/').map((text): Segment => {
        const name = /^\{(.+)\}$/.exec(text)?.[1];
        if (!name) return { text };
        const parameter = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        return { text, schema: parameter?.schema ?? {} };
      });
      templates.push({ operation: { method, path, operationId: op.operationId, responses: op.responses }, segments });
    }
  }
  return templates;
}

/** Every documented operation a request could be answered by (more than one: the document is ambiguous). */
export function operationsFor(templates: Template[], method: string, pathname: string): DocumentOperation[] {
  let parts: string[];
  try {
    parts = pathname.split('/').map(decodeURIComponent);
  } catch {
    return [];
  }
  const wanted = method.toLowerCase();
  return templates
    .filter((t) => t.operation.method === wanted && t.segments.length === parts.length)
    .filter((t) => t.segments.every((s, i) => (s.schema ? segmentFits(parts[i], s.schema) : s.text === parts[i])))
    .map((t) => t.operation);
}

/**
 * Pairs of operations (same method) that one request could both name. A fixed segment against a
 * parameter overlaps when the parameter's schema accepts it; two parameters are taken to overlap.
 */
export function ambiguousOperations(doc: ContractDocument): [DocumentOperation, DocumentOperation][] {
  const templates = templatesOf(doc);
  const pairs: [DocumentOperation, DocumentOperation][] = [];
  templates.forEach((a, i) => {
    for (const b of templates.slice(i + 1)) {
      if (a.operation.method !== b.operation.method || a.segments.length !== b.segments.length) continue;
      const overlap = a.segments.every((sa, k) => {
        const sb = b.segments[k];
        if (sa.schema && sb.schema) return true;
        if (sa.schema) return segmentFits(sb.text, sa.schema);
        if (sb.schema) return segmentFits(sa.text, sb.schema);
        return sa.text === sb.text;
      });
      if (overlap) pairs.push([a.operation, b.operation]);
    }
  });
  return pairs;
}
