/**
 * `npm start` serves the production build of its own sources: dist/ carries a stamp of
 * what it was built from, and any difference — sources, build settings, mode, no stamp — means build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, BUILD_MODE, buildDecision, currentStamp, STAMP_FILE, type BuildStamp } from '../../scripts/build-client.ts';

let dir: string;
const write = (rel: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), content);
};
const INPUTS = ['src/client', 'vite.config.ts', 'package-lock.json'];
const stampHere = () => currentStamp(dir, INPUTS);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-stamp-'));
  write('src/client/main.tsx', 'console.log(1)');
  write('src/client/pages/A.tsx', 'export default 1');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the stamp of the sources', () => {
  it('is the same for the same files and changes with any content, name, new file or setting', () => {
    const first = stampHere();
    expect(stampHere()).toEqual(first);
    expect(first.mode).toBe('production');
    const changes: [string, () => void][] = [
      ['a source', () => write('src/client/pages/A.tsx', 'export default 2')],
      ['a new file', () => write('src/client/pages/B.tsx', '')],
      ['the vite config', () => write('vite.config.ts', 'export default { base: "/x/" }')],
      ['the lockfile', () => write('package-lock.json', '{"lockfileVersion":3,"x":1}')],
      ['a renamed file', () => fs.renameSync(path.join(dir, 'src/client/pages/B.tsx'), path.join(dir, 'src/client/pages/C.tsx'))],
    ];
    const seen = new Set([first.sources]);
    for (const [what, change] of changes) {
      change();
      const next = stampHere().sources;
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    }
  });

  it('ignores unit tests beside the client code, which are not bundled', () => {
    const before = stampHere();
    write('src/client/lib/rules.test.ts', 'it()');
    expect(stampHere()).toEqual(before);
  });

  it('covers the sources, the settings and the build scripts of this repository', () => {
    expect(BUILD_INPUTS).toEqual(expect.arrayContaining(['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.ts', 'scripts/compress-assets.ts']));
    for (const input of BUILD_INPUTS) expect(fs.existsSync(path.resolve(import.meta.dirname, '../..', input)), input).toBe(true);
  });
});

describe('whether npm start builds', () => {
  const dist = () => path.join(dir, 'dist');
  const built = (stamp: BuildStamp | string | null) => {
    write('dist/index.html', '<!doctype html>');
    if (stamp !== null) write(path.join('dist', STAMP_FILE), typeof stamp === 'string' ? stamp : JSON.stringify(stamp));
  };

  it('reuses a production build of exactly these sources', () => {
    built(stampHere());
    expect(buildDecision(dist(), stampHere())).toEqual({ build: false });
  });

  it('builds when the sources changed since', () => {
    built(stampHere());
    write('src/client/main.tsx', 'console.log(2)');
    expect(buildDecision(dist(), stampHere())).toEqual({ build: true, reason: '源码或构建配置已改变' });
  });

  it('builds over a development build of the same sources', () => {
    built({ ...stampHere(), mode: 'development' });
    expect(buildDecision(dist(), stampHere())).toEqual({ build: true, reason: `构建模式是 development，需要 ${BUILD_MODE}` });
  });

  it('builds over a build with no stamp or an unreadable one (an older build, or one that stopped half-way)', () => {
    built(null);
    expect(buildDecision(dist(), stampHere())).toMatchObject({ build: true });
    built('{"mode":');
    expect(buildDecision(dist(), stampHere())).toMatchObject({ build: true });
  });

  it('builds when there is no build', () => {
    expect(buildDecision(dist(), stampHere())).toEqual({ build: true, reason: '还没有构建' });
  });
});
