/**
 * /api/openapi.json, built from the zod schemas the operations validate with (`input`) and answer
 * with (`output`): nothing here describes a field by hand. Each operation is named by its tRPC
 * router key (`ideas.byId`), so the two transports share their names. The conformance test
 * (test/helpers/contract.ts) checks every REST answer the tests receive against this document, and
 * `npm run lint:api` lints it.
 */
import { z, type ZodType } from 'zod';
import { DECIMAL_ID_DESCRIPTION } from '../../shared/ids.ts';
import { ZFailure } from '../../shared/outputs/failure.ts';
import type { AnyOperation } from '../contract/operation.ts';
import { operationsByProcedure } from '../trpc/init.ts';
import { appRouter } from '../trpc/routers/index.ts';
import { restSchema } from './rest-view.ts';
import type { RestRoute } from './route.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

const COMPONENT = '#/components/schemas/';

/** Rewrites zod's `#/$defs/X` to the document's components and drops zod's own keys. */
function toDocumentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDocumentRefs);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$schema' || key === '$defs') continue;
    out[key] = key === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', COMPONENT) : toDocumentRefs(v);
  }
  return out;
}

/** An answer's JSON Schema; the parts with an id (`.meta({ id })` in shared/outputs/) go to `components`, collected into `defs`. */
function answerSchema(schema: ZodType, defs: Record<string, unknown>): JsonSchema {
  return withComponents(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }), defs);
}

function withComponents(json: Record<string, unknown>, defs: Record<string, unknown>): JsonSchema {
  for (const [id, def] of Object.entries((json.$defs ?? {}) as Record<string, unknown>)) defs[id] ??= toDocumentRefs(def);
  return toDocumentRefs(json) as JsonSchema;
}

/** An input's JSON Schema as a client sends it (before zod's transforms and defaults). */
function inputSchema(schema: ZodType, defs: Record<string, unknown>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override(ctx) {
      // An id is a plain decimal: a number in JSON, the same digits in a path or query.
      if (ctx.jsonSchema.description !== DECIMAL_ID_DESCRIPTION) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, { type: 'integer', minimum: 1, description: DECIMAL_ID_DESCRIPTION });
    },
  });
  return withComponents(json, defs);
}

/**
 * The failures every operation of a kind can answer; a route adds its own (`responses`). Every /api
 * request passes the JSON body parser, so even a read without parameters answers 400 to a broken
 * JSON body and 413 to one over the limit, and node:http answers 431 to headers over its limit.
 */
function standardFailures(route: RestRoute, input: JsonSchema): Record<number, string> {
  const isRead = route.method === 'get';
  const hasParameters = Object.keys(input.properties ?? {}).length > 0;
  const failures: Record<number, string> = {
    400: !isRead || hasParameters ? '参数不正确（message 为第一条中文说明，errors 按字段列出）' : '请求体不是有效的 JSON',
  };
  if (route.op.access !== 'public') failures[401] = '未登录或登录已过期';
  if (route.op.access === 'admin') failures[403] = '仅管理员可以访问';
  // A repeatable write counts against its per-member and per-address allowance (contract/operation.ts).
  if (route.op.limit) failures[429] = '操作过于频繁（Retry-After 秒后再试）';
  failures[413] = '请求内容过大';
  // Refused by node:http before any handler (http/client-errors.ts): an address or headers over 16 KB.
  failures[431] = '请求头过大（地址或 Cookie 太长）';
  if (!isRead) failures[415] = '写请求的内容不是 JSON';
  failures[500] = '服务器错误';
  if (route.op.database !== false) failures[503] = '数据库暂时无法连接或服务器繁忙（Retry-After 秒后再试）';
  return failures;
}

/** The operation's one input object, split as REST carries it: path parameters, then query (reads, DELETE) or body (writes). */
function describeInput(route: RestRoute, s: JsonSchema) {
  const pathNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const inQuery = route.method === 'get' || route.method === 'delete';
  const parameters: unknown[] = [];
  const body: Required<Pick<JsonSchema, 'properties' | 'required'>> = { properties: {}, required: [] };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const required = (s.required ?? []).includes(name);
    if (pathNames.includes(name)) parameters.push({ name, in: 'path', required: true, schema: prop });
    else if (inQuery) parameters.push({ name, in: 'query', required, schema: prop });
    else {
      body.properties[name] = prop;
      if (required) body.required.push(name);
    }
  }
  const missing = pathNames.filter((name) => !s.properties?.[name]);
  if (missing.length) throw new Error(`${route.method} ${route.path}: the input names no ${missing.join(', ')}`);
  if (route.upload) {
    body.properties[route.upload.field] = { type: 'string', format: 'binary', description: route.upload.description };
    body.required.push(route.upload.field);
  }
  const hasBody = Object.keys(body.properties).length > 0;
  if (!hasBody) return { parameters };
  const mediaType = route.upload ? 'multipart/form-data' : 'application/json';
  const schema = { type: 'object', properties: body.properties, ...(body.required.length ? { required: body.required } : {}) };
  return { parameters, requestBody: { required: body.required.length > 0, content: { [mediaType]: { schema } } } };
}

const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Success and failures as sent: the envelope of docs/architecture.md §6 around the operation's `output`. */
function describeResponses(route: RestRoute, input: JsonSchema, defs: Record<string, unknown>) {
  const output = route.op.output;
  if (!output) throw new Error(`${route.method} ${route.path}: the operation declares no output`);
  let extra: Record<string, ZodType> = {};
  if (output.extra) {
    if (!(output.extra instanceof z.ZodObject)) throw new Error(`${route.method} ${route.path}: output.extra must be an object schema`);
    extra = { ...(output.extra.shape as Record<string, ZodType>) };
  }
  // `data` in its REST view (rest-view.ts), and the fields of it REST also sends beside it.
  const data = restSchema(output.data);
  if (output.restBeside) {
    if (!(data instanceof z.ZodObject)) throw new Error(`${route.method} ${route.path}: restBeside needs an object data schema`);
    for (const name of output.restBeside) {
      const field = (data.shape as Record<string, ZodType>)[name];
      if (!field) throw new Error(`${route.method} ${route.path}: data has no field ${name} to send beside it`);
      extra[name] = field;
    }
  }
  const responses: Record<string, unknown> = {};
  if (output.file) {
    // A download: the file itself, no envelope, never a 304 (it is built for each request).
    responses[200] = {
      description: output.file.description,
      headers: { 'Content-Disposition': { description: '附件及建议的文件名', schema: { type: 'string' } } },
      content: { [output.file.mediaType]: { schema: { type: 'string', contentMediaType: output.file.mediaType } } },
    };
  } else {
    const success = z.object({ success: z.literal(true), message: z.string().optional(), ...extra, data });
    responses[output.status ?? 200] = { description: output.status === 201 ? '已创建' : '成功', content: json(answerSchema(success, defs)) };
    // Express and the fast lane both tag a GET's answer with an ETag and answer If-None-Match.
    if (route.method === 'get') responses[304] = { description: '未修改（请求带 If-None-Match 且内容未变；没有应答体）' };
  }
  const failures = { ...standardFailures(route, input), ...(route.responses ?? {}) };
  for (const [status, description] of Object.entries(failures)) {
    const headers = status === '429' || status === '503' ? { headers: { 'Retry-After': { description: '多少秒后可以再试', schema: { type: 'integer', minimum: 1 } } } } : {};
    responses[status] = { description, ...headers, content: json({ $ref: `${COMPONENT}Failure` }) };
  }
  if (output.unavailableWithData) {
    const down = z.object({ success: z.literal(false), message: z.string().min(1), data });
    responses[503] = { description: route.responses?.[503] ?? '不可用（data 说明原因）', content: json(answerSchema(down, defs)) };
  }
  return responses;
}

/** Each operation's tRPC name (`ideas.byId`): its id in the document. */
function routerKeys(): Map<AnyOperation, string> {
  const keys = new Map<AnyOperation, string>();
  for (const [name, op] of operationsByProcedure(appRouter)) {
    if (!keys.has(op)) keys.set(op, name);
  }
  return keys;
}

export function buildOpenApi(routes: RestRoute[]) {
  const keys = routerKeys();
  const defs: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  answerSchema(ZFailure, defs);
  for (const route of routes) {
    const operationId = route.operationId ?? keys.get(route.op);
    if (!operationId) throw new Error(`${route.method} ${route.path}: no tRPC procedure names this operation; give the route an operationId`);
    if (ids.has(operationId)) throw new Error(`${route.method} ${route.path}: operationId ${operationId} is taken; give the route its own`);
    ids.add(operationId);
    const input = inputSchema(route.op.input, defs);
    const openPath = '/api' + route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[openPath] ??= {};
    paths[openPath][route.method] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.op.access === 'public' ? [] : [{ bearer: [] }],
      ...describeInput(route, input),
      responses: describeResponses(route, input, defs),
      'x-access': route.op.access,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '猎人创意社区 REST API',
      version: '1.0.0',
      description:
        '成功：`{ success: true, message?, data }`，部分接口在 data 旁另有字段（nextCursor、count、favorited…），各接口的应答结构中都已列出。' +
        '失败：4xx/5xx 状态码和 `{ success: false, message }`（Failure）。需要登录的接口在 Authorization 头中带 `Bearer <token>`（POST /api/auth/login 返回的 data.token）。',
      license: { name: '专有软件，保留所有权利', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'POST /api/auth/login 返回的 data.token' } },
      schemas: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
