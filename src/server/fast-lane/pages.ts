/**
 * The built client from memory: its files (brotli/gzip by Accept-Encoding), the app's HTML for every
 * client route (the guest entry pages prerendered), the same HTML with status 404 for a path the app
 * has no page for, and a shared idea's page with its link preview.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isClientRoute } from '../../shared/client-routes.ts';
import { ZIdeaId } from '../../shared/ids.ts';
import { ideaPreviewMeta, withPreviewMeta } from '../ideas/link-preview.ts';
import { rememberDatabaseFailure } from '../kernel/errors.ts';
import type { ChangeKind } from '../contract/changes.ts';
import type { Lane } from './lane.ts';
import { prerenderedFor } from './prerendered.ts';
import type { PreparedAnswer } from './response-cache.ts';
import { loadStaticFiles } from './static-files.ts';

const PREVIEW_PATH = /^\/idea\/([^/]+)\/?$/;

/** What a link preview shows: the idea and its author. */
const PREVIEW_SHOWS: readonly ChangeKind[] = ['ideas'];

/** Serves a page path (not /api, /trpc or /uploads); false when there is no built client (Express serves then). */
export type PageServer = (req: IncomingMessage, res: ServerResponse, pathname: string, query: string) => boolean;

export function pages(lane: Lane, clientDir: string | undefined): PageServer {
  const { deps, app, answers } = lane;
  if (!clientDir || !fs.existsSync(path.join(clientDir, 'index.html'))) return () => false;

  // The built client, each file with its header blocks prepared once.
  const files = new Map<string, PreparedAnswer>();
  for (const [urlPath, file] of loadStaticFiles(clientDir)) {
    files.set(
      urlPath,
      answers.prepare(
        200,
        [
          ['content-type', file.contentType],
          ['cache-control', file.cacheControl],
        ],
        file.variants,
        file.etag,
      ),
    );
  }
  const index = files.get('/index.html')!;
  // Any path the app has no page for: the same HTML (the app shows its 404 page), with status 404.
  const notFoundIndex = answers.prepare(
    404,
    index.base.filter(([n]) => n === 'content-type' || n === 'cache-control'),
    index.variants,
  );

  /**
   * A shared idea's page with its link preview, cached per public idea. An id with no public idea is
   * the app's 404 from memory, never an entry: any number would otherwise make one.
   */
  async function servePreview(req: IncomingMessage, res: ServerResponse, id: number): Promise<void> {
    try {
      const answer = await deps.publicCache.getOrFill(`preview ${id}`, PREVIEW_SHOWS, async () => {
        const meta = await ideaPreviewMeta(deps, String(id));
        if (!meta) return null;
        const html = withPreviewMeta(index.variants.identity.toString('utf8'), meta, deps.config.site.platformName);
        return answers.fromComputed({ status: 200, contentType: 'text/html; charset=utf-8', extraHeaders: [], body: Buffer.from(html) }, 'no-cache');
      });
      return answers.send(req, res, answer ?? notFoundIndex);
    } catch (err) {
      // Express answers with the error model.
      rememberDatabaseFailure(req, err);
    }
    app(req, res);
  }

  return (req, res, pathname, query) => {
    const file = pathname === '/index.html' ? undefined : files.get(pathname);
    if (file) {
      answers.send(req, res, file);
      return true;
    }
    // A missing asset is Express's 404, not the app's HTML.
    if (pathname.startsWith('/assets/')) return false;
    const preview = PREVIEW_PATH.exec(pathname);
    if (preview) {
      // Keyed by the idea's id: any other text is the app's 404, never an entry of its own (a crawler
      // asking /idea/<junk> would push real pages out of the cache).
      const id = ZIdeaId.safeParse(preview[1]);
      if (id.success) void servePreview(req, res, id.data);
      else answers.send(req, res, notFoundIndex);
      return true;
    }
    // The guest entry pages have their first view prerendered; every other client route gets the
    // same HTML for everyone, revalidated so a deploy shows; any other path the same HTML as a 404.
    if (!isClientRoute(pathname)) answers.send(req, res, notFoundIndex);
    else answers.send(req, res, files.get(prerenderedFor(pathname, query) ?? '') ?? index);
    return true;
  };
}
