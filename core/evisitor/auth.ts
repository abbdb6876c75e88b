/**
 * Login and logout (Rhetos AspNetFormsAuth). Login answers the JSON literal `true` with the
 * session cookies, or `false` — with HTTP 200 — for a wrong username or password. The key
 * `apikey` is all lower case and is sent only when there is one (the test service needs it).
 */
import { errorFromResponse, protocolError } from "./errors.ts";
import type { EVisitorHttp } from "./http.ts";
import { type EVisitorCredentials, EVisitorError } from "./types.ts";

const AUTH_PATH = "/Resources/AspNetFormsAuth/Authentication";
const LOGIN = "Authentication/Login";
const LOGOUT = "Authentication/Logout";

export async function logIn(http: EVisitorHttp, credentials: EVisitorCredentials): Promise<void> {
  http.clearCookies();
  const body: Record<string, string> = {
    userName: credentials.username,
    password: credentials.password,
  };
  if (credentials.apiKey) body.apikey = credentials.apiKey;
  const response = await http.send("POST", `${AUTH_PATH}/Login`, { resource: LOGIN, json: body });
  const error = errorFromResponse(response, LOGIN);
  if (error) throw error;

  let answer: unknown;
  try {
    answer = JSON.parse(response.text);
  } catch {
    throw protocolError(LOGIN, "something other than true or false", response.status);
  }
  if (answer === false) {
    throw new EVisitorError(
      "invalid-credentials",
      "eVisitor refused the username or password",
      response.status,
    );
  }
  if (answer !== true) {
    throw protocolError(LOGIN, "something other than true or false", response.status);
  }
  if (!http.has("authentication")) {
    throw protocolError(LOGIN, "true without a session cookie", response.status);
  }
}

/** Best effort: a session that cannot be closed simply expires on the server. */
export async function logOut(http: EVisitorHttp): Promise<void> {
  if (!http.cookieHeader()) return;
  try {
    await http.send("POST", `${AUTH_PATH}/Logout`, { resource: LOGOUT });
  } catch {
    // unavailable: nothing to do
  } finally {
    http.clearCookies();
  }
}
