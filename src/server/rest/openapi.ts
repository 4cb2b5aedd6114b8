/** /api/openapi.json, generated from the same zod schemas the operations validate with. */
import { z, type ZodType } from 'zod';
import { DECIMAL_ID_DESCRIPTION } from '../../shared/ids.ts';
import { ERROR_TABLE } from '../errors.ts';
import type { RestRoute } from './route.ts';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; anyOf?: JsonSchema[] };

function jsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override(ctx) {
      // An id is a plain decimal: a number in JSON, the same digits in a path or query.
      if (ctx.jsonSchema.description !== DECIMAL_ID_DESCRIPTION) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, { type: 'integer', minimum: 1, description: DECIMAL_ID_DESCRIPTION });
    },
  }) as Record<string, unknown>;
  return rest as JsonSchema;
}

const STANDARD_FAILURES: Record<number, string> = {
  400: '参数不正确（message 为中文说明）',
  401: '未登录或登录已过期',
  403: '无权限',
  415: '写请求的内容不是 JSON',
  500: '服务器错误',
};

/** The operation's one input object, split as REST carries it: path parameters, then query (reads) or body (writes). */
function describeInput(route: RestRoute) {
  const s = jsonSchema(route.op.input);
  // A union (login by phone or e-mail) has no single property list: it is the body as it stands.
  if (!s.properties && !route.multipart && !(route.method === 'get' || route.method === 'delete')) {
    return { parameters: [], requestBody: { required: true, content: { 'application/json': { schema: s } } } };
  }
  const pathNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const inQuery = route.method === 'get' || route.method === 'delete';
  const parameters: unknown[] = [];
  const body: JsonSchema = { properties: {}, required: [] };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const required = (s.required ?? []).includes(name);
    if (pathNames.includes(name)) parameters.push({ name, in: 'path', required: true, schema: prop });
    else if (inQuery) parameters.push({ name, in: 'query', required, schema: prop });
    else {
      body.properties![name] = prop;
      if (required) body.required!.push(name);
    }
  }
  const hasBody = Object.keys(body.properties!).length > 0;
  const mediaType = route.multipart ? 'multipart/form-data' : 'application/json';
  if (route.multipart) {
    body.properties!.file = { type: 'string', format: 'binary' };
    body.required!.push('file');
  }
  return { parameters, ...(hasBody || route.multipart ? { requestBody: { required: !!body.required!.length, content: { [mediaType]: { schema: { type: 'object', ...body } } } } } : {}) };
}

export function buildOpenApi(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openPath = '/api' + route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      200: { description: '成功', content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } } },
    };
    const failures = { ...STANDARD_FAILURES, ...(route.responses ?? {}) };
    for (const [status, description] of Object.entries(failures)) {
      if (route.op.access === 'public' && (status === '401' || status === '403') && !route.responses?.[Number(status)]) continue;
      if (route.method === 'get' && status === '415') continue;
      responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } };
    }
    paths[openPath] ??= {};
    paths[openPath][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      security: route.op.access === 'public' ? [] : [{ bearer: [] }],
      ...describeInput(route),
      responses,
      'x-access': route.op.access,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '猎人创意社区 REST API', version: '1.0.0', description: `成功：{ success: true, data }；失败：{ success: false, message }。状态码：${Object.values(ERROR_TABLE).map((e) => e.status).join(', ')}。` },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'POST /api/auth/login 返回的 data.token' } },
      schemas: {
        Success: { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, message: { type: 'string' }, data: {} } },
        Failure: { type: 'object', required: ['success', 'message'], properties: { success: { const: false }, message: { type: 'string' }, errorType: { type: 'string' } } },
      },
    },
    paths,
  };
}
