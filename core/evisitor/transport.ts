/**
 * Authenticated calls to `/Rest/Htz/<Name>/`. When eVisitor says the session is gone (expired,
 * server restarted), the transport logs in again ONCE and repeats the call once; concurrent calls
 * share that one login. A call that eVisitor still refuses after it is "unauthenticated". Repeating
 * an action is safe here: an unauthenticated call was never carried out.
 */
import { errorFromResponse, protocolError } from "./errors.ts";
import type { EVisitorHttp } from "./http.ts";
import { EVisitorError } from "./types.ts";

export type Query = Record<string, string | undefined>;

export interface Transport {
  /** GET `/Rest/Htz/<resource>/<suffix>` and its parsed JSON (2xx, not an error envelope). */
  read(resource: string, query?: Query, suffix?: string): Promise<unknown>;
  /** POST an action; success is 2xx with an empty body. */
  act(resource: string, body: unknown): Promise<void>;
}

export class AuthenticatedTransport implements Transport {
  #generation = 0;
  #relogin: Promise<void> | undefined;
  /** Set once a re-login failed for good (wrong password, lockout): no more logins. */
  #dead: EVisitorError | undefined;

  constructor(
    private readonly http: EVisitorHttp,
    private readonly login: () => Promise<void>,
  ) {}

  async read(resource: string, query?: Query, suffix = ""): Promise<unknown> {
    const name = `Htz/${resource}`;
    const response = await this.#authenticated(async () => {
      const response = await this.http.send("GET", `/Rest/Htz/${resource}/${suffix}`, {
        resource: name,
        query,
      });
      const error = errorFromResponse(response, name);
      if (error) throw error;
      return response;
    });
    try {
      return JSON.parse(response.text);
    } catch {
      throw protocolError(name, "a body that is not JSON", response.status);
    }
  }

  async act(resource: string, body: unknown): Promise<void> {
    const name = `Htz/${resource}`;
    await this.#authenticated(async () => {
      const response = await this.http.send("POST", `/Rest/Htz/${resource}/`, {
        resource: name,
        json: body,
      });
      const error = errorFromResponse(response, name);
      if (error) throw error;
      // Actions answer nothing on success; anything else is not a success we understand.
      const text = response.text.trim();
      if (text !== "" && text !== "null") {
        throw protocolError(name, "a body where an empty one was expected", response.status);
      }
    });
  }

  async #authenticated<T>(call: () => Promise<T>): Promise<T> {
    if (this.#dead) throw this.#dead;
    const generation = this.#generation;
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof EVisitorError) || error.kind !== "unauthenticated") throw error;
    }
    await this.#loginAgain(generation);
    try {
      return await call();
    } catch (error) {
      if (error instanceof EVisitorError && error.kind === "unauthenticated") {
        throw new EVisitorError(
          "unauthenticated",
          `${error.message}, even right after a fresh login`,
          error.status,
        );
      }
      throw error;
    }
  }

  /** One login for everyone who saw the session of `generation` fail. */
  async #loginAgain(generation: number): Promise<void> {
    if (this.#dead) throw this.#dead;
    if (generation !== this.#generation) return; // someone else already logged in again
    this.#relogin ??= this.login().then(
      () => {
        this.#generation++;
        this.#relogin = undefined;
      },
      (error) => {
        this.#relogin = undefined;
        if (
          error instanceof EVisitorError &&
          ["invalid-credentials", "locked-out", "api-key"].includes(error.kind)
        ) {
          this.#dead = error;
        }
        throw error;
      },
    );
    await this.#relogin;
  }

  /** After logout the session must not log itself in again behind the caller's back. */
  close(): void {
    this.#dead = new EVisitorError("unauthenticated", "the eVisitor session was logged out");
  }
}
