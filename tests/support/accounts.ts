import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { TokenResponse } from "@shared/schemas/auth.ts";
import type { Database } from "@core/db/client.ts";
import { users } from "@core/db/schema/users.ts";
import { ensureAdministrator } from "@core/services/users/ensure-administrator.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import { postJson, type TestApp } from "./app.ts";

export const PASSWORD = "Sunce-More-2026";

/** The code the notifications worker would e-mail, made with the same service function. */
export async function emailedCode(
  db: Database,
  userId: string,
  purpose: "ConfirmEmail" | "ChangeEmail" | "ResetPassword",
  newEmail?: string,
): Promise<string> {
  return await issueUserToken(db, { userId, purpose, newEmail, now: new Date() });
}

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(
    eq(users.email, email.toLowerCase()),
  );
  assert.ok(row, `user ${email} exists`);
  return row.id;
}

/** Registers through the API and, unless told otherwise, opens the confirmation link. */
export async function createHost(
  app: TestApp,
  db: Database,
  { email, password = PASSWORD, confirmed = true }: {
    email: string;
    password?: string;
    confirmed?: boolean;
  },
): Promise<string> {
  const res = await app.request(
    postJson("/api/Users/register", { email, password, acceptLegalDocuments: true }),
  );
  assert.equal(res.status, 200, await res.clone().text());
  const userId = await userIdOf(db, email);
  if (confirmed) {
    const code = await emailedCode(db, userId, "ConfirmEmail");
    const confirm = await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);
    assert.equal(confirm.status, 200);
  }
  return userId;
}

export async function createAdmin(db: Database, email = "admin@example.com"): Promise<string> {
  await ensureAdministrator(db, { email, password: PASSWORD, now: new Date() });
  return await userIdOf(db, email);
}

export async function signIn(
  app: TestApp,
  email: string,
  password = PASSWORD,
): Promise<TokenResponse> {
  const res = await app.request(postJson("/api/Users/login", { email, password }));
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function getWith(app: TestApp, path: string, token: string) {
  return await app.request(path, { headers: bearer(token) });
}

export async function postWith(app: TestApp, path: string, body: unknown, token: string) {
  return await app.request(postJson(path, body, bearer(token)));
}
