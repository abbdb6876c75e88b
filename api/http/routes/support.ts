import { createRoute } from "@hono/zod-openapi";
import { ContactMessage, ContactMessageAccepted } from "@shared/schemas/contact-message.ts";
import {
  FeedbackAccepted,
  FeedbackItem,
  FeedbackListQuery,
  FeedbackRequest,
} from "@shared/schemas/feedback.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { ADMINISTRATOR } from "@core/auth/auth-user.ts";
import { listFeedback } from "@core/services/support/list-feedback.ts";
import { submitContactMessage } from "@core/services/support/submit-contact-message.ts";
import { submitFeedback } from "@core/services/support/submit-feedback.ts";
import { requireRole, requireUser } from "../auth/require-user.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { jsonBody } from "../request/json-body.ts";
import { requestLanguage } from "../request/request-language.ts";
import { serviceContext } from "../service-context.ts";

// POST /api/Support/contact-form
const contactForm = createRoute({
  method: "post",
  path: "/Support/contact-form",
  tags: ["Support"],
  summary: "Send a message to support",
  request: {
    body: { required: true, content: { "application/json": { schema: ContactMessage } } },
  },
  responses: {
    200: {
      description: "The message was stored and will be e-mailed to support",
      content: { "application/json": { schema: ContactMessageAccepted } },
    },
    ...problemResponses,
  },
});

// POST /api/Support/feedback
const sendFeedback = createRoute({
  method: "post",
  path: "/Support/feedback",
  tags: ["Support"],
  security: BEARER,
  middleware: [requireUser],
  summary: "A host's feedback: category, rating 1–5 and text; stored and e-mailed to support",
  description: "Refused (403) during impersonation. Rate limited with the contact form.",
  request: jsonBody(FeedbackRequest),
  responses: {
    200: {
      description: "Stored; the notifications worker mails it to support",
      content: { "application/json": { schema: FeedbackAccepted } },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// GET /api/Support/feedback
const feedbackList = createRoute({
  method: "get",
  path: "/Support/feedback",
  tags: ["Administration"],
  security: BEARER,
  middleware: [requireUser, requireRole(ADMINISTRATOR)],
  summary: "Every host's feedback, newest first, by category and rating (administrators)",
  request: { query: FeedbackListQuery },
  responses: {
    200: {
      description: "A page of feedback",
      content: {
        "application/json": { schema: pagedResult(FeedbackItem).meta({ id: "PagedFeedback" }) },
      },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const supportRoutes = createRouter()
  .openapi(contactForm, async (c) => {
    await submitContactMessage(serviceContext(c), {
      message: c.req.valid("json"),
      language: requestLanguage(c),
    });
    return c.json({ message: "Message sent successfully." as const }, 200);
  })
  .openapi(sendFeedback, async (c) => {
    return c.json(await submitFeedback(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(feedbackList, async (c) => {
    const query = c.req.valid("query");
    return c.json(
      await listFeedback(serviceContext(c), {
        pageNumber: query.PageNumber,
        pageSize: query.PageSize,
        category: query.Category,
        rating: query.Rating,
      }),
      200,
    );
  });
