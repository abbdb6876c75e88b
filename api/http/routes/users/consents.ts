import { createRoute } from "@hono/zod-openapi";
import { AcceptLegalDocuments, LegalConsents } from "@shared/schemas/legal-consent.ts";
import { acceptLegalDocuments, listLegalConsents } from "@core/services/legal/consents.ts";
import { requireUser } from "../../auth/require-user.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import { jsonBody, jsonOk } from "../../request/json-body.ts";
import { serviceContext } from "../../service-context.ts";

const common = { tags: ["Users"], security: BEARER, middleware: [requireUser] };
const consents = jsonOk(LegalConsents, "Acceptances given and documents waiting for one");

// GET /api/Users/manage/consents
const read = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/consents",
  summary: "The legal documents the host accepted (versions, dates) and those waiting",
  description: "`pending` lists each document (terms, privacy, dpa) whose version in force the " +
    "host has not accepted; the site asks for it after sign-in. Cookie choices stay in the " +
    "browser and are not listed.",
  responses: { ...consents, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/consents
const accept = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/consents",
  summary: "Accept the versions in force of the documents shown",
  description: "Each entry names the version shown; another version is refused (400). Refused " +
    "(403) during impersonation.",
  request: jsonBody(AcceptLegalDocuments),
  responses: { ...consents, ...authProblemResponses, ...problemResponses },
});

export const consentRoutes = createRouter()
  .openapi(read, async (c) => c.json(await listLegalConsents(serviceContext(c)), 200))
  .openapi(
    accept,
    async (c) => c.json(await acceptLegalDocuments(serviceContext(c), c.req.valid("json")), 200),
  );
