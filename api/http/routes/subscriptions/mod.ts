import { createRouter } from "../../openapi/openapi.ts";
import { subscriptionAdminRoutes } from "./admin.ts";
import { packageRoutes } from "./packages.ts";
import { purchaseRequestRoutes } from "./purchase-requests.ts";
import { receiptRoutes } from "./receipts.ts";

/** Packages, orders and payments, receipts, and the administrators' operations on them. */
export const subscriptionRoutes = createRouter()
  .route("/", packageRoutes)
  .route("/", purchaseRequestRoutes)
  .route("/", receiptRoutes)
  .route("/", subscriptionAdminRoutes);
