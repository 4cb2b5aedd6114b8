/**
 * REST paths are declared on the operations (`rest`), in no particular order; restRoutes puts them in
 * the order Express must try them, so every path reaches its own operation, whatever the declaration order.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/rest/index.ts';
import { fastRoutes } from '../../src/server/fast-lane/routes.ts';

/** A request to the route's own path, each parameter given as a plain value. */
const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, 'p1');

async function answeredBy(order: typeof restRoutes) {
  const app = express();
  order.forEach((route, index) => app[route.method](route.path, (_req, res) => void res.send(String(index))));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const wrong: string[] = [];
    for (const [index, route] of order.entries()) {
      const res = await fetch(base + concrete(route.path).slice(1), { method: route.method.toUpperCase() });
      if ((await res.text()) !== String(index)) wrong.push(`${route.method} ${route.path}`);
    }
    return wrong;
  } finally {
    server.close();
  }
}

describe('REST paths declared on the operations', () => {
  it('each reaches its own operation: a fixed segment wins over a parameter', async () => {
    expect(restRoutes.length).toBeGreaterThan(80);
    expect(await answeredBy(restRoutes)).toEqual([]);
  });

  it('would not in another order (so the ordering is what keeps /ideas/my from being /ideas/:id)', async () => {
    expect(await answeredBy([...restRoutes].reverse())).toContain('get /ideas/my');
  });

  it('the fast lane finds the same operation for a GET as Express does', () => {
    const lane = fastRoutes();
    const other = restRoutes
      .filter((route) => route.method === 'get')
      .filter((route) => {
        const found = lane.find('/api' + concrete(route.path));
        return found !== undefined && found.read.op !== route.op;
      });
    expect(other.map((route) => route.path)).toEqual([]);
  });

  it('names each method and path once', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
