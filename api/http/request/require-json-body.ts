import type { MiddlewareHandler } from "hono";
import { problemResponse } from "../problem.ts";
import { AppError } from "@core/errors.ts";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/**
 * A request that carries a body must say it is JSON; anything else is refused with 415. Whether
 * there is a body is decided by reading it, not by headers: browsers send a DELETE without
 * Content-Length and the runtime still offers an (empty) stream for it. The body limit runs first,
 * and Hono caches what is read here for the route's own parsing.
 */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const type = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (c.req.raw.body !== null && !JSON_TYPE.test(type)) {
      const body = await c.req.arrayBuffer();
      if (body.byteLength > 0) return problemResponse(c, new AppError("UnsupportedMediaType"));
    }
    await next();
  };
}
