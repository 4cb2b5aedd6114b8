import { MysqlAdapter, sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';

/**
 * Column types that differ between the dialects; used only by migrations. Frozen like them: every
 * migration that ran reads these, so a change here would change history. A new need gets a new
 * function (or a new file) beside these, never an edit.
 */
export function columnTypes(db: Kysely<any>) {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  return {
    mysql,
    /** UTC text `YYYY-MM-DD HH:MM:SS.mmm`: datetime(3) on MySQL, text on SQLite. */
    timestamp: (mysql ? sql`datetime(3)` : 'text') as ColumnDataType | Expression<unknown>,
    nowDefault: mysql ? sql`current_timestamp(3)` : sql`(strftime('%Y-%m-%d %H:%M:%f','now'))`,
    /** Long rich text: MariaDB TEXT stops at 64 KB (STACK-NOTES trap 5). */
    longText: (mysql ? sql`mediumtext` : 'text') as ColumnDataType | Expression<unknown>,
  };
}
