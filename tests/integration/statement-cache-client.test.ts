/**
 * core/db/statement-cache-client.ts on a real libSQL file: what callers read from it is what
 * @libsql/client gives, statements prepared once still see schema changes, and transactions end
 * cleanly even when COMMIT fails.
 */
import assert from "node:assert/strict";
import { createClient, LibsqlError } from "@libsql/client";
import { sql } from "drizzle-orm";
import { withStatementCache } from "@core/db/statement-cache-client.ts";
import { createDatabase } from "@core/db/client.ts";
import { isUniqueViolation } from "@core/db/unique-violation.ts";

async function open() {
  const dir = await Deno.makeTempDir({ prefix: "statement-cache-" });
  const path = `${dir}/app.db`;
  const plain = createClient({ url: `file:${path}` });
  const cached = withStatementCache(createClient({ url: `file:${path}` }), path, 5000);
  return {
    plain,
    cached,
    async [Symbol.asyncDispose]() {
      cached.close();
      plain.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

const rowShape = (row: unknown) => ({
  keys: Object.keys(row as object),
  json: JSON.stringify(row),
  positions: Array.prototype.slice.call(row),
  length: (row as { length: number }).length,
});

Deno.test("rows, values and result sets read as @libsql/client gives them", async () => {
  await using db = await open();
  await db.plain.executeMultiple(`
    create table t (id integer primary key, name text, score real, data blob, at integer);
    create table u (id integer primary key, t_id integer, name text);`);
  await db.cached.execute({
    sql: "insert into t (id, name, score, data, at) values (?, ?, ?, ?, ?)",
    args: [1, "Ana", 1.5, new Uint8Array([1, 2, 3]).buffer, new Date(86_400_000)],
  });
  await db.cached.execute({
    sql: "insert into t (id, name) values (:id, $name)",
    args: { id: 2, $name: "Ivo" },
  });
  await db.cached.execute({
    sql: "insert into u (id, t_id, name) values (?, ?, ?)",
    args: [7, 1, true],
  });

  for (
    const sql of [
      "select id, name, score, data, at from t order by id",
      "select t.id, t.name, u.id, u.name from t join u on u.t_id = t.id",
      "select count(*) as n from t where id > ?",
    ]
  ) {
    const args = sql.includes("?") ? [0] : [];
    const expected = await db.plain.execute({ sql, args });
    // Twice: the second call runs the statement prepared by the first.
    for (let i = 0; i < 2; i++) {
      const got = await db.cached.execute({ sql, args });
      assert.deepEqual(got.columns, expected.columns, sql);
      assert.deepEqual(got.columnTypes, expected.columnTypes, sql);
      assert.deepEqual(got.rows.map(rowShape), expected.rows.map(rowShape), sql);
    }
  }
  const [ana] = (await db.cached.execute("select data, at from t where id = 1")).rows;
  assert.ok(ana.data instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(ana.data as ArrayBuffer)], [1, 2, 3]);
  assert.equal(ana.at, 86_400_000);

  const inserted = await db.cached.execute({
    sql: "insert into t (name) values (?)",
    args: ["Eva"],
  });
  assert.equal(inserted.rowsAffected, 1);
  assert.equal(inserted.lastInsertRowid, 3n);
  await assert.rejects(
    db.cached.execute({ sql: "select ?", args: [Number.NaN] }),
    RangeError,
  );
});

Deno.test("a UNIQUE violation is a LibsqlError the product recognises, and the statement is reusable", async () => {
  await using db = await open();
  await db.plain.execute("create table t (email text unique)");
  const insert = { sql: "insert into t (email) values (?)", args: ["ana@example.com"] };
  await db.cached.execute(insert);
  const error = await db.cached.execute(insert).then(() => undefined, (e) => e);
  assert.ok(error instanceof LibsqlError);
  assert.equal(error.code, "SQLITE_CONSTRAINT");
  assert.equal(error.extendedCode, "SQLITE_CONSTRAINT_UNIQUE");
  assert.ok(isUniqueViolation(error));
  await db.cached.execute({ sql: insert.sql, args: ["ivo@example.com"] });
  assert.equal((await db.plain.execute("select count(*) as n from t")).rows[0].n, 2);
});

Deno.test("a statement prepared before a schema change reads the new columns", async () => {
  await using db = await open();
  await db.plain.execute("create table t (a integer)");
  await db.plain.execute("insert into t values (1)");
  assert.deepEqual(rowShape((await db.cached.execute("select * from t")).rows[0]).keys, ["a"]);
  await db.plain.execute("alter table t add column b text default 'x'");
  const after = await db.cached.execute("select * from t");
  assert.deepEqual(after.columns, ["a", "b"]);
  assert.deepEqual(rowShape(after.rows[0]), {
    keys: ["a", "b"],
    json: '{"a":1,"b":"x"}',
    positions: [1, "x"],
    length: 2,
  });
});

Deno.test("transactions commit, roll back, and a failed COMMIT leaves no transaction open", async () => {
  await using db = await open();
  await db.plain.executeMultiple(`
    create table parent (id integer primary key);
    create table child (id integer primary key,
      parent_id integer references parent (id) deferrable initially deferred);`);
  await db.cached.execute("pragma foreign_keys = on");
  const count = async (table: string) =>
    Number((await db.plain.execute(`select count(*) as n from ${table}`)).rows[0].n);

  const committed = await db.cached.transaction("write");
  await committed.execute("insert into parent (id) values (1)");
  await committed.commit();
  assert.equal(committed.closed, true);
  assert.equal(await count("parent"), 1);

  const rolledBack = await db.cached.transaction("write");
  await rolledBack.execute("insert into parent (id) values (2)");
  await rolledBack.rollback();
  assert.equal(await count("parent"), 1);

  // A deferred foreign key fails at COMMIT.
  const failing = await db.cached.transaction("write");
  await failing.execute("insert into child (id, parent_id) values (1, 99)");
  await assert.rejects(failing.commit(), /FOREIGN KEY constraint failed/);
  failing.close();
  // The connection is out of that transaction: this insert is committed on its own.
  await db.cached.execute("insert into parent (id) values (3)");
  assert.equal(await count("parent"), 2);
  assert.equal(await count("child"), 0);
});

Deno.test("the product's handle on a file: drizzle reads, writes and transactions through it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "statement-cache-db-" });
  const { db, client } = createDatabase({ url: `file:${dir}/app.db` });
  try {
    await db.run(sql`create table t (id integer primary key, name text)`);
    await db.transaction(async (tx) => {
      await tx.run(sql`insert into t (name) values (${"Ana"})`);
      await tx.run(sql`insert into t (name) values (${"Ivo"})`);
    });
    await assert.rejects(db.transaction(async (tx) => {
      await tx.run(sql`insert into t (name) values (${"Eva"})`);
      throw new Error("changed my mind");
    }));
    const rows = await db.all<{ id: number; name: string }>(
      sql`select id, name from t order by id`,
    );
    assert.deepEqual(rows, [{ id: 1, name: "Ana" }, { id: 2, name: "Ivo" }]);
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
