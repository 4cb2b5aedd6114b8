/**
 * Writes dist/prerendered/: the built index.html with the guest entry pages' first view inside
 * #root — `/` once per weekday (its daily doodle), `/login` once — rendered by src/client/prerender.tsx
 * through Vite's SSR loader. The fast lane sends them for those paths (fast-lane/prerendered.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { PRERENDERED_PAGES, prerenderedFile } from '../src/server/fast-lane/prerendered.ts';

const ROOT_DIV = '<div id="root"></div>';

export async function prerenderPages(distDir: string): Promise<number> {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
  const vite = await createServer({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), server: { middlewareMode: true }, appType: 'custom', logLevel: 'warn' });
  let written = 0;
  try {
    const { renderPage } = (await vite.ssrLoadModule('/prerender.tsx')) as { renderPage(p: string, day: number): Promise<string> };
    fs.mkdirSync(path.join(distDir, 'prerendered'), { recursive: true });
    for (const page of PRERENDERED_PAGES) {
      for (const day of page.perWeekday ? [0, 1, 2, 3, 4, 5, 6] : [0]) {
        const markup = await renderPage(page.path, day);
        // split/join, not replace: nothing in the markup is read as a replacement pattern.
        const html = template.split(ROOT_DIV).join(`<div id="root">${markup}</div>`);
        fs.writeFileSync(path.join(distDir, prerenderedFile(page, day)), html);
        written++;
      }
    }
  } finally {
    await vite.close();
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = await prerenderPages(path.resolve(import.meta.dirname, '..', 'dist'));
  console.log(`已预渲染 ${n} 个页面`);
}
