import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('registration_number', 'varchar(16)', (c) => c.notNull().unique())
    // NULL once the account is deactivated, so the phone can register again.
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('email', 'varchar(254)')
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('bio', 'varchar(500)')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.nowDefault))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.nowDefault))
    .addColumn('deactivated_at', t.timestamp)
    .addColumn('deactivation_reason', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_active_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The signed-in user who asked for a change_phone code: only they can use it.
    .addColumn('requested_by', 'integer')
    .addColumn('verified_at', t.timestamp)
    .addColumn('consumed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('sms_codes_lookup_idx').on('sms_codes').columns(['phone', 'purpose', 'created_at']).execute();

  // The schema rate-limiter-flexible documents for its MySQL and SQLite stores; one table, keys prefixed per limiter.
  if (t.mysql) {
    await sql`CREATE TABLE rate_limits (
      \`key\` VARCHAR(255) CHARACTER SET utf8mb4 NOT NULL,
      \`points\` INT(9) NOT NULL DEFAULT 0,
      \`expire\` BIGINT UNSIGNED,
      PRIMARY KEY (\`key\`)
    ) ENGINE = INNODB`.execute(db);
  } else {
    await sql`CREATE TABLE rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
