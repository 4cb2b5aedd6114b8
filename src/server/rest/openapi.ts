/** /api/openapi.json, generated from the same zod schemas the routes validate with. */
import { z, type ZodType } from 'zod';
import { ERROR_TABLE } from '../errors.ts';
import type { AnyRoute } from './route.ts';

function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parametersOf(schema: ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: prop,
  }));
}

const STANDARD_FAILURES: Record<number, string> = {
  400: '参数不正确（message 为中文说明）',
  401: '未登录或登录已过期',
  403: '无权限',
  500: '服务器错误',
};

export function buildOpenApi(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openPath = '/api' + route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      200: { description: '成功', content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } } },
    };
    const failures = { ...STANDARD_FAILURES, ...(route.responses ?? {}) };
    for (const [status, description] of Object.entries(failures)) {
      if (route.access === 'public' && (status === '401' || status === '403') && !route.responses?.[Number(status)]) continue;
      responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } };
    }
    paths[openPath] ??= {};
    paths[openPath][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
      responses,
      'x-access': route.access,
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
