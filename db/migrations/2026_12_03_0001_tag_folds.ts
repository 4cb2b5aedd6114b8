import { type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';
import * as OpenCC from 'opencc-js/t2cn';

/**
 * Tag pages (`/tag/{tag}`, src/server/tags/): every tag's folded form (`idea_tags.tag_fold`, the fold of
 * src/server/search/text.ts `tagFold`: NFKC, lower case, traditional to simplified), indexed with the
 * idea, so `AI`, `ai` and `ＡＩ` are one tag and a tag's ideas are one index range. Existing rows are
 * filled in batches of ideas.
 */
const BATCH = 500;

export async function up(db: Kysely<any>, batch = BATCH): Promise<void> {
  await db.schema
    .alterTable('idea_tags')
    .addColumn('tag_fold', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  let after = 0;
  for (;;) {
    const ids = (await db.selectFrom('idea_tags').select('idea_id').distinct().where('idea_id', '>', after).orderBy('idea_id').limit(batch).execute()).map((r) => Number(r.idea_id));
    if (!ids.length) break;
    after = ids[ids.length - 1];
    for (const r of await db.selectFrom('idea_tags').select(['idea_id', 'position', 'tag']).where('idea_id', 'in', ids).execute())
      await db
        .updateTable('idea_tags')
        .set({ tag_fold: tagFold(r.tag as string) })
        .where('idea_id', '=', r.idea_id)
        .where('position', '=', r.position)
        .execute();
  }
  await db.schema.createIndex('idea_tags_fold_idx').on('idea_tags').columns(['tag_fold', 'idea_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const drop = db.schema.dropIndex('idea_tags_fold_idx');
  await (columnTypes(db).mysql ? drop.on('idea_tags') : drop).execute();
  await db.schema.alterTable('idea_tags').dropColumn('tag_fold').execute();
}

// ------------------------------------------------------------------ a frozen copy
// The fold as this migration used it on 2026-12-03 (src/server/search/text.ts `foldText`, `tagFold`).

const TAG_FOLD_MAX = 64;
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

function tagFold(tag: string): string {
  let out = '';
  for (const ch of tag) out += toSimplified(ch.normalize('NFKC').toLowerCase());
  return [...out].slice(0, TAG_FOLD_MAX).join('');
}
