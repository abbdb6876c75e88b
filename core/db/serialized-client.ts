import type { Client, Transaction } from "@libsql/client";

/** Longer than any transaction of ours should ever take; past it, something holds the lock. */
const LOCK_WAIT_LIMIT_MS = 30_000;

/**
 * One writer at a time inside this process, for embedded (`file:`) databases.
 *
 * The embedded driver is synchronous: a statement that meets SQLite's write lock waits for it
 * *while blocking the JavaScript thread*. If the lock is held by a transaction of this same
 * process, that transaction can only finish when the thread is free, so both wait until the busy
 * timeout and the second fails with SQLITE_BUSY. Two concurrent requests, or a worker syncing
 * several calendars at once, hit exactly that. Queueing every statement and transaction of the
 * process here (asynchronously, so the holder keeps running) removes it; other processes still
 * wait on SQLite's busy timeout, which is fine since they do not share our thread.
 *
 * A statement on the plain client from inside one of its own transactions would now wait for
 * itself; the lock wait limit turns that programming error into an exception instead of a hang.
 */
export function serializeClient(client: Client): Client {
  let tail: Promise<void> = Promise.resolve();

  function lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => held);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error("waited too long for the database: a transaction kept it locked"));
        // Still take and give back our turn, so the queue behind us moves on.
        previous.then(release);
      }, LOCK_WAIT_LIMIT_MS);
      previous.then(() => {
        clearTimeout(timer);
        resolve(release);
      });
    });
  }

  async function locked<T>(run: () => Promise<T>): Promise<T> {
    const release = await lock();
    try {
      return await run();
    } finally {
      release();
    }
  }

  function releasingOnEnd(tx: Transaction, release: () => void): Transaction {
    let released = false;
    const end = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    return new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "commit" || property === "rollback") {
          return async (...args: unknown[]) => {
            try {
              return await value.apply(target, args);
            } finally {
              end();
            }
          };
        }
        if (property === "close") {
          return (...args: unknown[]) => {
            try {
              return value.apply(target, args);
            } finally {
              end();
            }
          };
        }
        return value.bind(target);
      },
    });
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (["execute", "batch", "executeMultiple", "migrate"].includes(property as string)) {
        return (...args: unknown[]) => locked(() => value.apply(target, args));
      }
      if (property === "transaction") {
        return async (...args: unknown[]) => {
          const release = await lock();
          try {
            return releasingOnEnd(await value.apply(target, args), release);
          } catch (error) {
            release();
            throw error;
          }
        };
      }
      return value.bind(target);
    },
  });
}
