/**
 * The docs cannot drift from the code: every environment variable config.ts reads is in
 * docs/configuration.md, every docs/….md a comment cites exists, every §N cited for a document exists
 * as a heading in it, and the relative links of the README and docs/ lead to files. No database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITE_LIMIT_KINDS, writeLimitEnv } from '../../src/server/kernel/write-limit-policy.ts';
import { CONFIG_SCHEMA } from '../../src/server/kernel/config-schema.ts';
import { withConfigTables } from '../../scripts/config-docs.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** Every file under the given folders whose name ends with one of the extensions. */
function filesUnder(dirs: string[], exts: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(ROOT, dir))) return;
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (exts.test(e.name) || (dir === '.ci' && !e.name.includes('.'))) out.push(rel);
    }
  };
  dirs.forEach(walk);
  return out;
}

/** `docs/x.md §3`, `docs/x.md §2–§4, §8`, `docs/x.md §6/§10`: the document and the sections cited. */
export function citations(text: string): { doc: string; sections: number[] }[] {
  const out: { doc: string; sections: number[] }[] = [];
  for (const m of text.matchAll(/docs\/([A-Za-z0-9_./-]+?\.md)((?: ?§ ?\d+(?:\s*(?:[,/–-]|and)\s*§?\s*\d+)*)?)/g)) {
    const sections = [...m[2].matchAll(/\d+/g)].map((n) => Number(n[0]));
    out.push({ doc: `docs/${m[1]}`, sections });
  }
  return out;
}

/** The section numbers a document has as headings: `## §3 Title` or `## 3. Title`. */
function headedSections(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^#{1,6} (?:§(\d+)\b|(\d+)\. )/gm)].map((m) => Number(m[1] ?? m[2])));
}

describe('docs/configuration.md', () => {
  const doc = read('docs/configuration.md');

  it('shows the tables the configuration schema generates, and nothing but the schema reads the environment', () => {
    expect(withConfigTables(doc), 'docs/configuration.md is stale: run npm run docs:config').toBe(doc);
    for (const name of ['PORT', 'DATABASE_URL', 'NODE_ENV', 'TRUST_PROXY', 'CACHE_TTL_MS', 'SENSITIVE_WORDS_FILE']) expect(Object.keys(CONFIG_SCHEMA.shape)).toContain(name);
    // Server code reads settings from the parsed configuration, not process.env (the word list's
    // extra file is read where the list is built, by the name the schema documents).
    const readers = filesUnder(['src/server', 'db'], /\.ts$/).filter((f) => /process\.env\b/.test(read(f)));
    expect(readers.sort()).toEqual([path.join('src', 'server', 'kernel', 'config.ts'), path.join('src', 'server', 'moderation', 'words.ts')]);
  });

  it("lists the repeatable writes' variables by their pattern and each kind", () => {
    expect(doc).toContain('`RATE_<KIND>_PER_MINUTE` / `RATE_<KIND>_PER_HOUR` / `RATE_<KIND>_IP_PER_MINUTE`');
    for (const kind of WRITE_LIMIT_KINDS) {
      expect(writeLimitEnv(kind).perMinute).toBe(`RATE_${kind.toUpperCase()}_PER_MINUTE`);
      expect(doc, kind).toContain(`| \`${kind.toUpperCase()}\` |`);
    }
  });
});

describe('citations in code comments', () => {
  // This file is left out: its comments show the forms as examples.
  const files = filesUnder(['src', 'db', 'scripts', 'test', '.ci'], /\.(ts|tsx|js|cjs|mjs|css|html|sh)$/).filter((f) => f !== path.join('test', 'ops', 'docs.test.ts'));
  const cited = files.flatMap((file) => citations(read(file)).map((c) => ({ ...c, file })));

  it('finds the citations (the regex still matches the form used)', () => {
    expect(cited.filter((c) => c.doc === 'docs/architecture.md' && c.sections.length).length).toBeGreaterThan(50);
    expect(cited.filter((c) => c.doc.startsWith('docs/spec/') && c.sections.length).length).toBeGreaterThan(50);
  });

  it('every docs/….md cited exists', () => {
    const missing = cited.filter((c) => !fs.existsSync(path.join(ROOT, c.doc))).map((c) => `${c.file}: ${c.doc}`);
    expect(missing).toEqual([]);
  });

  it('every §N cited is a heading of the document cited', () => {
    const headings = new Map<string, Set<number>>();
    const wrong: string[] = [];
    for (const c of cited) {
      if (!c.sections.length || !fs.existsSync(path.join(ROOT, c.doc))) continue;
      if (!headings.has(c.doc)) headings.set(c.doc, headedSections(read(c.doc)));
      for (const n of c.sections) if (!headings.get(c.doc)!.has(n)) wrong.push(`${c.file}: ${c.doc} §${n}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every file path cited (src/…, test/…, scripts/…, db/…, docs/…) exists', () => {
    const texts = [...files, 'README.md', ...filesUnder(['docs'], /\.md$/)].map((file) => ({ file, text: read(file) }));
    const missing = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/(?<![\w/.-])((?:src|test|scripts|db|docs|examples)\/[\w./-]+\.(?:ts|tsx|md|css|sh))(?![\w/])/g)]
        .map((m) => m[1])
        // build-stamp.test.ts names the files of the made-up trees it builds.
        .filter((cited) => !fs.existsSync(path.join(ROOT, cited)) && file !== path.join('test', 'ops', 'build-stamp.test.ts'))
        .map((cited) => `${file}: ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('no comment or doc cites the design brief or the spec by their old names, or an issue number', () => {
    const texts = [...files, 'README.md', ...filesUnder(['docs'], /\.md$/)].map((file) => ({ file, text: read(file) }));
    const stale = texts.flatMap(({ file, text }) => [...text.matchAll(/DESIGN(?:\.md)? ?§|(?<![\w/-])(?:publishing|accounts) §|\bissues? #?\d+/gi)].map((m) => `${file}: ${m[0]}`));
    expect(stale).toEqual([]);
  });
});

describe('links in the README and docs/', () => {
  it('every relative link leads to a file', () => {
    const broken: string[] = [];
    for (const file of ['README.md', ...filesUnder(['docs'], /\.md$/)]) {
      for (const m of read(file).matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(m[1])) continue;
        if (!fs.existsSync(path.join(ROOT, path.dirname(file), m[1]))) broken.push(`${file}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
