/**
 * Shipping as one container. Images cannot be built here, so this checks that the
 * Dockerfile, compose.yaml, package.json, .ci/run and the README with docs/deployment.md name the same commands, port,
 * volume and settings; then runs what the image runs — `npm start` with NODE_ENV=production — over a
 * development build left in dist/, which it must replace by its own production build, and stops it
 * with SIGTERM through npm, as `docker stop` does.
 */
import { CONFIG_SCHEMA } from '../../src/server/kernel/config-schema.ts';
import { WRITE_LIMIT_KINDS, writeLimitEnv } from '../../src/server/kernel/write-limit-policy.ts';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildDecision, currentStamp, DIST_DIR } from '../../scripts/build-client.ts';
import { restRoutes } from '../../src/server/rest/index.ts';
import { DEVELOPMENT_ONLY_TEXT, entryScript } from '../helpers/built-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
// The README and the guides it links: the Deploy and Configuration sections moved to docs/.
const readme = `${read('README.md')}\n${read('docs/deployment.md')}`;
const ci = read('.ci/run');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const deploySection = read('docs/deployment.md');
const configTable = read('docs/configuration.md');

/** Every variable the server reads: the configuration schema's (test/ops/docs.test.ts holds that nothing else reads the environment). */
const settingsRead = (): string[] => Object.keys(CONFIG_SCHEMA.shape).sort();

/** `KEY=value` pairs of the runtime stage's ENV (the last stage). */
function runtimeEnv(): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const block of lastStage.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)) {
    for (const m of block[1].matchAll(/([A-Z_]+)=(\S+)/g)) env[m[1]] = m[2];
  }
  return env;
}

/** The app service's `environment:` entries in compose.yaml. */
function composeAppEnv(): Record<string, string> {
  const app = compose.slice(compose.indexOf('\n  app:'));
  const block = app.slice(app.indexOf('    environment:'), app.indexOf('\n    ports:'));
  return Object.fromEntries([...block.matchAll(/^ {6}([A-Z_]+): (.*)$/gm)].map((m) => [m[1], m[2]]));
}

describe('the container, compose and the docs agree', () => {
  const env = runtimeEnv();

  it('builds on the official Node 20 slim image with the commands CI runs', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(new Set(froms)).toEqual(new Set(['node:20-bookworm-slim']));
    const runs = [...dockerfile.matchAll(/^RUN (.*)$/gm)].map((m) => m[1]);
    for (const command of ['npm ci', 'npm run build', 'npm ci --omit=dev']) {
      expect(
        runs.some((r) => r.startsWith(command)),
        command,
      ).toBe(true);
      expect(ci.includes(command.split(' --')[0]), `.ci/run runs ${command}`).toBe(true);
      expect(readme, `README or docs/deployment.md names ${command}`).toContain(command);
    }
    expect(ci).toMatch(/^npm run build$/m);
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(env.NODE_ENV).toBe('production');
    expect(deploySection).toContain('npm start');
    expect(deploySection).toContain('NODE_ENV=production');
  });

  it('runs unprivileged with the database and uploads on one volume, on one port, with a health check', () => {
    const user = /^USER (\S+)$/m.exec(dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')))?.[1];
    expect(user).toBeTruthy();
    expect(user).not.toBe('root');
    const volume = /^VOLUME \["(\/[^"]+)"\]$/m.exec(dockerfile)?.[1];
    expect(volume).toBe('/data');
    expect(env.DATABASE_URL).toBe(`sqlite:${volume}/hunter.db`);
    expect(env.UPLOADS_DIR).toBe(`${volume}/uploads`);
    const port = /^EXPOSE (\d+)$/m.exec(dockerfile)?.[1];
    expect(env.PORT).toBe(port);
    // The health check asks a path the REST layer serves.
    const healthPath = /HEALTHCHECK[\s\S]*?(\/api\/[a-z/]+)/.exec(dockerfile)?.[1];
    expect(restRoutes.some((r) => r.method === 'get' && `/api${r.path}` === healthPath)).toBe(true);
    // compose: same port, the same volume path, the app waits for a healthy MariaDB, the URL names it.
    const appEnv = composeAppEnv();
    expect(appEnv.PORT).toBe(port);
    expect(compose).toContain(`"${port}:${port}"`);
    expect(compose).toMatch(new RegExp(`- app-data:${volume}$`, 'm'));
    expect(appEnv.UPLOADS_DIR).toBe(env.UPLOADS_DIR);
    expect(appEnv.NODE_ENV).toBe('production');
    expect(appEnv.DATABASE_URL).toMatch(/^mysql:\/\/[^@]+@db:3306\/hunter$/);
    expect(compose).toMatch(/condition: service_healthy/);
    // Every other setting an operator puts in .env reaches the app (SITE_* and RATE_* were dropped).
    expect(compose.slice(compose.indexOf('\n  app:'))).toMatch(/env_file:\n\s+- path: \.env\n\s+required: false/);
    expect(compose).toMatch(/image: mariadb:/);
    // docs/deployment.md: build, run with the volume and port, compose, back up, restore, upgrade.
    expect(deploySection).toContain('docker build -t hunter-ideas .');
    expect(deploySection).toContain(`-p ${port}:${port} -v hunter-data:${volume}`);
    expect(deploySection).toContain('docker compose up -d --build');
    for (const words of ['npm run backup', 'npm run restore', 'mariadb-dump', 'mysqldump', '**Upgrade.**', '/api/health', '/api/health/ready', 'SIGTERM'])
      expect(deploySection, words).toContain(words);
  });

  it('every setting the server reads is in docs/configuration.md, and the image and compose set only those', () => {
    const known = settingsRead();
    expect(known).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'UPLOADS_DIR', 'NODE_ENV', 'SEED_DEMO', 'LOG_LEVEL']));
    // The repeatable writes' variables are listed by their pattern and kinds (test/ops/docs.test.ts).
    const byPattern = new Set<string>(WRITE_LIMIT_KINDS.flatMap((kind) => Object.values(writeLimitEnv(kind))));
    for (const name of known.filter((n) => !byPattern.has(n))) expect(configTable, `docs/configuration.md lists ${name}`).toContain(`\`${name}\``);
    // The root password from .env is blanked for the app (env_file passes the whole file).
    expect(composeAppEnv().DB_ROOT_PASSWORD).toBe('""');
    const { DB_ROOT_PASSWORD: _blanked, ...appEnv } = composeAppEnv();
    for (const name of [...Object.keys(env), ...Object.keys(appEnv)]) expect(known, name).toContain(name);
  });

  it('keeps local state and build output out of the image context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', 'data', 'uploads', 'backups', 'test-results']) expect(ignored, entry).toContain(entry);
  });

  it('npm start needs no dev dependency, and passes signals to the server', () => {
    // `exec`: sh is replaced by node, so npm's SIGTERM reaches the server (else sh dies and node is orphaned).
    expect(pkg.scripts.start).toMatch(/^exec node --import tsx scripts\/start\.ts$/);
    expect(pkg.dependencies.tsx).toBeTruthy();
    // Every package the runtime imports (server, database, client for the prerenderer, the scripts npm start loads) is a dependency.
    const runtimeFiles: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (/\.(ts|tsx)$/.test(rel) && !/\.test\.tsx?$/.test(rel)) runtimeFiles.push(rel);
      }
    };
    for (const dir of ['src', 'db']) walk(dir);
    runtimeFiles.push(
      'scripts/start.ts',
      'scripts/build-client.ts',
      'scripts/prerender.ts',
      'scripts/compress-assets.ts',
      'scripts/backup.ts',
      'scripts/restore.ts',
      'scripts/storage-migrate.ts',
      'scripts/migrate.ts',
      'scripts/create-admin.ts',
      'vite.config.ts',
      'scripts/route-bytes.ts',
    );
    const missing = new Set<string>();
    for (const f of runtimeFiles) {
      for (const m of read(f).matchAll(/^(?!import type)(?:import|export)[^'"]*?from ['"]([^'"./][^'"]*)['"]/gm)) {
        const spec = m[1];
        if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (!pkg.dependencies[name]) missing.add(`${name} (${f})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

describe('npm start in production, as the image runs it', () => {
  it(
    'replaces a development build by the production build of its sources, serves without demo data or debug codes, refuses the test code, and stops on SIGTERM through npm',
    { timeout: 240_000 },
    async () => {
      // What `NODE_ENV=development npm start` used to leave in dist/: a real development
      // bundle, without a stamp. A production start must not serve it as it is.
      const devBuild = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'development' },
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(devBuild.status, devBuild.stderr).toBe(0);
      expect(entryScript(), "the development bundle carries React's development warnings").toContain(DEVELOPMENT_ONLY_TEXT);
      expect(buildDecision(DIST_DIR, currentStamp())).toMatchObject({ build: true });

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hunter-prod-'));
      const dbFile = path.join(dir, 'hunter.db');
      const child = spawn('npm', ['start'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATABASE_URL: `sqlite:${dbFile}`, UPLOADS_DIR: path.join(dir, 'uploads'), SEED_DEMO: '', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const started = Date.now();
        let port = 0;
        while (!port) {
          if (Date.now() - started > 180_000 || child.exitCode !== null) throw new Error(`npm start did not start:\n${out}`);
          port = Number(/已启动：http:\/\/localhost:(\d+)/.exec(out)?.[1] ?? 0);
          await new Promise((r) => setTimeout(r, 50));
        }
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
        const landing = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
        expect(landing.status).toBe(200);
        // The real prerendered landing page, compressed by the build.
        expect(landing.headers.get('content-encoding')).toBe('br');
        expect(await landing.text()).toContain('data-prerendered="/"');
        // It built, in production mode, and serves that build: a later start finds it current.
        expect(out).toContain('正在构建前端');
        const page = await (await fetch(`${base}/vision`)).text();
        const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(page)?.[1];
        expect(entry).toBeTruthy();
        const served = await (await fetch(base + entry)).text();
        expect(served).toBe(entryScript());
        expect(served).not.toContain(DEVELOPMENT_ONLY_TEXT);
        expect(buildDecision(DIST_DIR, currentStamp())).toEqual({ build: false });
        // No demo data: the demo account does not exist.
        expect((await fetch(`${base}/api/auth/user/bx100001`)).status).toBe(404);
        // The console SMS provider in production sends nothing, and says so: no code, no claim.
        const sent = await fetch(`${base}/api/auth/send-sms-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: '13900001111', purpose: 'register' }),
        });
        const sentBody = await sent.json();
        expect(sent.status).toBe(503);
        expect(sentBody).toEqual({ success: false, message: '短信服务未配置，请联系管理员', smsError: '短信服务未配置' });
        const reg = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: '13900001111', password: 'prod-secret-1', verifyCode: '123456' }),
        });
        expect(reg.status).toBe(503);
        expect((await reg.json()).message).toBe('短信服务未配置，请联系管理员');
        expect((await (await fetch(`${base}/api/health/ready`)).json()).data.sms).toEqual({ provider: 'console', configured: false });
        expect(out).toContain('短信服务未配置（SMS_PROVIDER=console）');

        const signalledAt = Date.now();
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(10_000);
        expect(out).toContain('已安全关闭');
        // No SMS code and no password in any line, and the requests were logged.
        expect(out).not.toMatch(/验证码：\d{6}/);
        expect(out).not.toContain('prod-secret-1');
        expect(out).toMatch(/"method":"POST","path":"\/api\/auth\/register","status":503/);
        const db = new SQLite(dbFile, { readonly: true });
        expect((db.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(0);
        db.close();
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
