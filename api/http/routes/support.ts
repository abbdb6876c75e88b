import { createRoute } from "@hono/zod-openapi";
import { ContactMessage, ContactMessageAccepted } from "@shared/schemas/contact-message.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { submitContactMessage } from "@core/services/support/submit-contact-message.ts";
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

export const supportRoutes = createRouter().openapi(contactForm, async (c) => {
  await submitContactMessage(serviceContext(c), {
    message: c.req.valid("json"),
    language: requestLanguage(c),
  });
  return c.json({ message: "Message sent successfully." as const }, 200);
});
