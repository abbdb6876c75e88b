import type { MiddlewareHandler } from "hono";
import { AppError, problemResponse } from "./problem.ts";

/** A request that carries a body must say it is JSON; anything else is refused with 415. */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const hasBody = c.req.raw.body !== null &&
      (c.req.header("Content-Length") ?? "") !== "0";
    const type = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (hasBody && !/^application\/([\w.-]+\+)?json$/.test(type)) {
      return problemResponse(c, new AppError("UnsupportedMediaType"));
    }
    await next();
  };
}
