import type { DbOrTx } from "./client.ts";

/**
 * Queries the API runs on every request, built once.
 *
 * drizzle turns a query's objects into SQL text again on every call, checking each column's
 * class on the way; for the hot reads that took half a request's time (bench/load-profile.ts).
 * A drizzle prepared query keeps that text and takes the values as placeholders
 * (`sql.placeholder("name")`). One is built per database handle (a transaction gets its own, so
 * it runs inside that transaction) and, with `shape`, per form of the query: a list whose
 * filters add conditions has one per combination of filters present, each with its values
 * still bound at run time.
 */
export function preparedQuery<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** As preparedQuery, one per `shape` (a small set: which filters are present, the order). */
export function preparedQueryByShape<S, Q>(
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S) => Q,
): (db: DbOrTx, shape: S) => Q {
  const built = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db, shape) => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, shapes = new Map());
    const key = keyOf(shape);
    let query = shapes.get(key);
    if (query === undefined) {
      query = build(db, shape);
      // Shapes are bounded by the filters' combinations; the cap only guards a mistake.
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, query);
    }
    return query;
  };
}

const MAX_SHAPES = 512;
