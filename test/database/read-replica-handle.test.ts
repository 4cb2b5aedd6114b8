/**
 * The read replica's handle (db/replica.ts) on its own, against the test's MariaDB: a DATABASE_READ_URL
 * that names a server which is not a replica is never used (reads go to the primary, the log says why),
 * the handle refuses a write and a transaction, and its connections are read-only. The routing against a real replica is test/database/read-replica.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_DATABASE_OPTIONS } from '../../db/connection.ts';
import { attachReadReplica, type ReadReplica } from '../../db/replica.ts';
import { transaction } from '../../db/transaction.ts';
import { createTestDatabase, describeOnMariaDB, type TestDatabase } from '../helpers/dialects.ts';

describeOnMariaDB("the read replica's handle", () => {
  let test: TestDatabase;
  let replica: ReadReplica;
  const said: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('mysql');
    // The primary itself as "replica": SHOW REPLICA STATUS is empty there.
    replica = attachReadReplica(test.handle, test.url, DEFAULT_DATABASE_OPTIONS, { maxLagSeconds: 2, log: (level, message) => said.push(`${level} ${message}`) });
    await replica.check();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('leaves a server that is not a replica unused, says why once, and reads from the primary', async () => {
    expect(replica.state()).toMatchObject({ usable: false, lagSeconds: null });
    expect(replica.state().reason).toContain('不是副本');
    await replica.check();
    expect(said).toEqual(['warn 读副本暂不使用：这台服务器不是副本（SHOW REPLICA STATUS 为空）；读取改走主库']);
    await test.handle.db.insertInto('app_secrets').values({ name: 'replica_probe', value: 'x' }).execute();
    expect(await replica.db.selectFrom('app_secrets').select('value').where('name', '=', 'replica_probe').executeTakeFirst()).toEqual({ value: 'x' });
  });

  it('refuses a write and a transaction, whichever server it would go to', async () => {
    await expect(replica.db.insertInto('app_secrets').values({ name: 'never', value: 'x' }).execute()).rejects.toThrow('runs reads only');
    await expect(replica.db.deleteFrom('app_secrets').execute()).rejects.toThrow('runs reads only');
    await expect(transaction(replica.db, async (trx) => trx.selectFrom('app_secrets').selectAll().execute())).rejects.toThrow('runs no transaction');
    expect(await test.handle.db.selectFrom('app_secrets').select('name').where('name', '=', 'never').executeTakeFirst()).toBeUndefined();
  });

  it("opens the replica's connections read-only", async () => {
    const refused = await new Promise<unknown>((resolve) =>
      // The pool the checks use is the reads' pool: a write on one of its connections is refused by the server.
      (replica as unknown as { client: { getConnection(cb: (err: unknown, conn: any) => void): void } }).client.getConnection((err, conn) => {
        if (err) return resolve(err);
        conn.query("INSERT INTO app_secrets (name, value) VALUES ('never', 'x')", (queryError: unknown) => {
          conn.release();
          resolve(queryError);
        });
      }),
    );
    expect((refused as { errno?: number }).errno).toBe(1792);
  });
});
