/**
 * The route table the server answers 200 for (src/shared/client-routes.ts) is the router's own: the
 * same patterns as `<Route path>` in src/client/App.tsx, matched as wouter matches them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { CLIENT_ROUTE_PATTERNS, isClientRoute } from '../../src/shared/client-routes.ts';

const APP = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/client/App.tsx'), 'utf8');

describe('the client route table', () => {
  it('lists exactly the router’s paths', () => {
    const routed = [...APP.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
    expect(routed.length).toBeGreaterThan(20);
    expect([...CLIENT_ROUTE_PATTERNS].sort()).toEqual([...routed].sort());
    // And the router has its catch-all, the 404 page.
    expect(APP).toMatch(/<Route>\{withLayout\(<NotFoundPage \/>\)\}<\/Route>/);
  });

  it('matches as the router does: case, trailing slash, parameters', () => {
    // The router's own pattern parser, as its <Route>s use it.
    let parser!: ReturnType<typeof useRouter>['parser'];
    renderToString(createElement(() => ((parser = useRouter().parser), null)));
    const routed = (p: string) => CLIENT_ROUTE_PATTERNS.some((pattern) => matchRoute(parser, pattern, p)[0]);
    const samples = [
      '/',
      '/about',
      '/About/',
      '/ABOUT-hunter',
      '/idea/12',
      '/idea/abc',
      '/idea/%E4%BD%A0',
      '/hunter/bx000001',
      '/user/7/',
      '/publish-success',
      '/publish-success/',
      '/publish-success/7',
      '/my-ideas/',
      '/no-such-page',
      '/about/more',
      '/aboutx',
      '/idea',
      '/idea/',
      '/idea/1/2',
      '/publish-success/7/8',
      '/index.html',
      '/api',
      '//',
      '/login//',
      '/idea//1',
    ];
    for (const p of samples) expect(isClientRoute(p), p).toBe(routed(p));
    for (const p of ['/', '/about', '/About/', '/idea/12', '/idea/abc', '/hunter/bx000001', '/publish-success', '/publish-success/7', '/my-ideas/']) expect(isClientRoute(p), p).toBe(true);
    for (const p of ['/no-such-page', '/about/more', '/idea', '/idea/', '/idea/1/2', '/publish-success/7/8', '/index.html', '/api', '//']) expect(isClientRoute(p), p).toBe(false);
  });
});
