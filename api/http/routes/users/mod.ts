import { createRouter } from "../../openapi/openapi.ts";
import { adminUserRoutes } from "./admin.ts";
import { consentRoutes } from "./consents.ts";
import { apiTokenRoutes } from "./api-tokens.ts";
import { pushRoutes } from "./push.ts";
import { manageRoutes } from "./manage.ts";
import { passwordRoutes } from "./password.ts";
import { registrationRoutes } from "./registration.ts";
import { sessionRoutes } from "./sessions.ts";

/** Everything under /api/Users: accounts, sessions, self-service, consents and administration. */
export const userRoutes = createRouter()
  .route("/", registrationRoutes)
  .route("/", sessionRoutes)
  .route("/", passwordRoutes)
  .route("/", manageRoutes)
  .route("/", consentRoutes)
  .route("/", apiTokenRoutes)
  .route("/", pushRoutes)
  .route("/", adminUserRoutes);
