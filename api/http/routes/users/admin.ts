import { createRoute, z } from "@hono/zod-openapi";
import { AdminUserListItem, ImpersonationResult } from "@shared/schemas/admin-user.ts";
import { sortedPagingOf } from "../../request/list-query.ts";
import { UserListQuery } from "@shared/schemas/list-query.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { requiredParameter } from "@shared/schemas/fields.ts";
import { ADMINISTRATOR } from "@core/auth/auth-user.ts";
import { requireRole, requireUser } from "../../auth/require-user.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import { serviceContext } from "../../service-context.ts";
import { impersonateUser } from "@core/services/users/impersonate-user.ts";
import { listUsers } from "@core/services/users/list-users.ts";

const common = {
  tags: ["Administration"],
  security: BEARER,
  middleware: [requireUser, requireRole(ADMINISTRATOR)],
};

// GET /api/Users/list
const list = createRoute({
  ...common,
  method: "get",
  path: "/Users/list",
  summary: "All users, searched by e-mail, sorted and paged (administrators)",
  request: { query: UserListQuery },
  responses: {
    200: {
      description: "A page of users",
      content: {
        "application/json": { schema: pagedResult(AdminUserListItem).meta({ id: "PagedUsers" }) },
      },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// POST /api/Users/impersonate/{userId}
const impersonate = createRoute({
  ...common,
  method: "post",
  path: "/Users/impersonate/{userId}",
  summary: "Sign in as a host to see what they see (administrators; not other administrators)",
  request: { params: z.object({ userId: requiredParameter("userId") }) },
  responses: {
    200: {
      description: "The host's session",
      content: { "application/json": { schema: ImpersonationResult } },
    },
    404: { description: "No such user" },
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const adminUserRoutes = createRouter()
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listUsers(serviceContext(c), sortedPagingOf(q)),
      200,
    );
  })
  .openapi(
    impersonate,
    async (c) => c.json(await impersonateUser(serviceContext(c), c.req.valid("param")), 200),
  );
