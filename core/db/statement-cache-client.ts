import Database from "libsql";
import type {
  Client,
  InArgs,
  InStatement,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
} from "@libsql/client";
import { LibsqlError } from "@libsql/client";
import { asLibsqlError, bindArgs, fromSql } from "./libsql-compat.ts";

/**
 * An embedded (`file:`) database client that prepares each distinct SQL text once.
 *
 * `@libsql/client` prepares every statement again on every call and asks SQLite for its columns
 * twice; for the API's reads, whose SQL drizzle builds the same each time, that was a third of a
 * request's time (bench/load-profile.ts). This client keeps the prepared statements of one
 * connection in a map by SQL text and runs `execute` and transactions on that connection; batches,
 * migrations and scripts, rare and not hot, go to `@libsql/client` unchanged.
 *
 * What callers see is what `@libsql/client` gives (its `intMode: "number"`): rows indexable by
 * position and by column name (only names enumerable), integers as numbers (an integer past
 * 2^53 throws instead of losing digits), blobs as ArrayBuffers, SQLite errors as LibsqlError with
 * the same codes. It holds one connection, so it must be used through serializeClient
 * (serialized-client.ts), which lets one statement or transaction at a time reach it.
 */
export function withStatementCache(fallback: Client, path: string, timeoutMs: number): Client {
  const db = new Database(path, { timeout: timeoutMs });
  // Content freed by a delete or an update is zeroed within the pages being written anyway (no
  // extra I/O), so an old version of a row does not stay readable in the file's free space after
  // the row is erased (docs/security.md, "Account erasure").
  db.exec("PRAGMA secure_delete = FAST");
  const prepared = new Map<string, Prepared>();

  const run = (statement: InStatement): ResultSet => {
    const { sql, args } = typeof statement === "string"
      ? { sql: statement, args: [] as InArgs }
      : { sql: statement.sql, args: statement.args ?? [] };
    try {
      let entry = prepared.get(sql);
      if (!entry) {
        entry = prepare(db, sql);
        if (prepared.size >= MAX_STATEMENTS) prepared.delete(prepared.keys().next().value!);
        prepared.set(sql, entry);
      }
      return entry.execute(bindArgs(args));
    } catch (error) {
      throw asLibsqlError(error);
    }
  };

  const client: Client = {
    closed: false,
    protocol: "file",
    execute(statement: InStatement | string, args?: InArgs): Promise<ResultSet> {
      return settled(() => run(args ? { sql: statement as string, args } : statement));
    },
    batch: (...params) => fallback.batch(...params),
    migrate: (...params) => fallback.migrate(...params),
    executeMultiple: (sql) => fallback.executeMultiple(sql),
    sync: () => fallback.sync(),
    reconnect: () => fallback.reconnect(),
    transaction(mode: TransactionMode = "write"): Promise<Transaction> {
      return settled(() => {
        run(BEGIN[mode]);
        return transactionOn(db, run);
      });
    },
    close() {
      client.closed = true;
      prepared.clear();
      db.close();
      fallback.close();
    },
  } as Client;
  return client;
}

/** More distinct statements than the product has; past it the oldest is dropped. */
const MAX_STATEMENTS = 2000;

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

interface Prepared {
  execute(args: unknown[] | Record<string, unknown>): ResultSet;
}

function prepare(db: Database.Database, sql: string): Prepared {
  const statement = db.prepare(sql);
  statement.safeIntegers(true);
  if (!statement.reader) {
    return {
      execute(args) {
        const info = statement.run(args);
        return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
      },
    };
  }
  statement.raw(true);
  let shape = resultShapeOf(statement);
  return {
    execute(args) {
      const raw = statement.all(args) as unknown[][];
      // After a schema change SQLite prepares the statement again by itself, and a `select *`
      // may then answer other columns: read them again.
      if (raw.length > 0 && raw[0].length !== shape.columns.length) {
        shape = resultShapeOf(statement);
      }
      const { columns, columnTypes, RowOf } = shape;
      const rows = raw.map((values) => new RowOf(values));
      return resultSet(columns, columnTypes, rows as unknown as Row[], 0, undefined);
    },
  };
}

function resultShapeOf(statement: Database.Statement) {
  const definitions = statement.columns();
  const columns = definitions.map((column) => column.name);
  const columnTypes = definitions.map((column) => column.type ?? "");
  return { columns, columnTypes, RowOf: rowClass(columns) };
}

const VALUES = Symbol("values");

/**
 * Rows as `@libsql/client` shapes them: `row[0]`, `row.length` and `row.name` all work, and only
 * the names are enumerable (drizzle's raw queries read Object.keys; JSON shows the names). The
 * positions are getters on a prototype made once per statement, instead of a property defined
 * on every row for every column.
 */
function rowClass(columns: string[]) {
  const names = [...new Set(columns)];
  // A name two columns share (joined tables' "id") takes the first, as @libsql/client does.
  const positions = names.map((name) => columns.indexOf(name));
  class RowOf {
    declare [VALUES]: unknown[];
    constructor(raw: unknown[]) {
      const values = raw.map(fromSql);
      Object.defineProperty(this, VALUES, { value: values });
      const self = this as unknown as Record<string, unknown>;
      for (let i = 0; i < names.length; i++) self[names[i]] = values[positions[i]];
    }
  }
  Object.defineProperty(RowOf.prototype, "length", { get: () => columns.length });
  columns.forEach((_, index) =>
    Object.defineProperty(RowOf.prototype, index, {
      get(this: RowOf) {
        return this[VALUES][index];
      },
    })
  );
  return RowOf;
}

function transactionOn(db: Database.Database, run: (s: InStatement) => ResultSet): Transaction {
  let open = true;
  const end = (sql: string) => {
    if (!open) return;
    open = false;
    try {
      if (db.open && db.inTransaction) run(sql);
    } catch (error) {
      // A COMMIT that failed (SQLITE_BUSY past the timeout) leaves the transaction open on the
      // connection; roll it back so the next statement does not run inside it.
      if (db.open && db.inTransaction) {
        try {
          run("ROLLBACK");
        } catch {
          // nothing more to do; the error below says what failed
        }
      }
      throw error;
    }
  };
  const tx: Transaction = {
    get closed() {
      return !open;
    },
    execute(statement: InStatement) {
      return settled(() => {
        if (!open) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
        return run(statement);
      });
    },
    async batch(statements: InStatement[]) {
      const results: ResultSet[] = [];
      for (const statement of statements) results.push(await tx.execute(statement));
      return results;
    },
    executeMultiple(sql: string) {
      return settled(() => {
        if (!open) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
        try {
          db.exec(sql);
        } catch (error) {
          throw asLibsqlError(error);
        }
      });
    },
    commit: () => settled(() => end("COMMIT")),
    rollback: () => settled(() => end("ROLLBACK")),
    close() {
      try {
        end("ROLLBACK");
      } catch {
        // the connection is unusable; the next statement says so
      }
    },
  } as Transaction;
  return tx;
}

/**
 * The driver is synchronous and callers expect promises: the work's result, resolved, or its
 * throw as a rejection (as an async function would give it).
 */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows,
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString() ?? null,
    }),
  };
}
