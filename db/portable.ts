import {
  MysqlAdapter,
  sql,
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/**
 * better-sqlite3 refuses JS booleans ("can only bind numbers, strings, bigints, buffers, and null")
 * while mysql2 takes them; turning them into 0/1 at the edge keeps both dialects alike
 * (STACK-NOTES trap 1).
 */
class BooleanToIntTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const out = super.transformValue(node);
    return typeof out.value === 'boolean' ? { ...out, value: out.value ? 1 : 0 } : out;
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}

export class BooleanToIntPlugin implements KyselyPlugin {
  private readonly transformer = new BooleanToIntTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/** A unique key refused the write, on either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign key refused the write, on either driver. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ER_NO_REFERENCED_ROW_2' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Locks the rows a select finds until the transaction ends: `FOR UPDATE` on MySQL/MariaDB. SQLite
 * has no row locks and needs none: it runs one write transaction at a time.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(db: { getExecutor(): { adapter: unknown } }, query: Q): Q {
  return db.getExecutor().adapter instanceof MysqlAdapter ? query.forUpdate() : query;
}

/** `column - n`, never below 0 (the counters of docs/architecture.md §2, docs/spec/accounts-and-people.md §4), as a portable expression. */
export function minusFloorZero(column: string, n = 1) {
  return sql<number>`case when ${sql.ref(column)} > ${n} then ${sql.ref(column)} - ${n} else 0 end`;
}
