/** Every REST operation of the product specification, section 7, as "METHOD /path" (OpenAPI path syntax). */
export const SPEC_OPERATIONS = [
  "GET /auth/me",
  "POST /auth/login",
  "POST /auth/register",
  "POST /auth/logout",
  "POST /auth/request-password-reset",
  "POST /auth/reset-password",
  "GET /tests",
  "GET /tests/{id}",
  "POST /tests/{id}/start",
  "POST /tests/attempts/{attemptId}/responses",
  "POST /tests/attempts/{attemptId}/complete",
  "GET /user/test-history",
  "GET /admin/test-attempts",
  "GET /admin/test-attempts/{id}",
  "DELETE /admin/test-attempts/{id}",
  "DELETE /admin/test-attempts",
  "GET /blog",
  "GET /blog/latest",
  "GET /blog/slug/{slug}",
  "POST /newsletter/subscribe",
  "GET /appointments/available-slots",
  "GET /appointments/user",
  "POST /appointments",
  "DELETE /appointments/{id}",
  "GET /settings/google-calendar",
  "POST /settings/google-calendar",
  "POST /settings/google-calendar/disconnect",
] as const;

/** Operations beyond section 7 that the REST face also serves (health is the architecture's; issues 16's, 19's, 20's and 21's the others). */
export const EXTRA_OPERATIONS = [
  "GET /health",
  "GET /tests/methodology",
  // Issue 29: the published item bank.
  "GET /tests/{id}/items",
  "GET /user/test-history/{attemptId}",
  "GET /admin/tests/{id}/calibration",
  "POST /admin/tests/{id}/calibrate",
  // Issue 20 (scheduling): booking types with intake questions, rescheduling, the coach's bookings and attendance.
  "GET /appointments/types",
  "POST /appointments/{id}/reschedule",
  "GET /admin/appointments",
  "POST /admin/appointments/{id}/attendance",
  // Google Calendar push notifications (called by Google when APP_URL is public https).
  "POST /google/calendar/notifications",
  // Issue 19: the coach's content calls, for a deploy script or another tool (as Ghost's Admin API).
  "POST /admin/blog",
  "PATCH /admin/blog/{id}",
  "DELETE /admin/blog/{id}",
  "POST /admin/uploads",
  // Issue 21 (the coaching engagement): the client's portal and data, the coach's client record.
  "GET /portal",
  "PATCH /action-items/{id}",
  "GET /user/export",
  "DELETE /user/account",
  "GET /admin/clients/{userId}",
  "GET /admin/clients/{userId}/goals",
  "POST /admin/clients/{userId}/goals",
  "POST /admin/clients/{userId}/action-items",
  "POST /admin/appointments/{appointmentId}/notes",
  // Issue 32: the coach's Clients view; answering a contact message from the console.
  "GET /admin/clients",
  "POST /admin/messages/{id}/reply",
  // Issue 31 (payments): the offers, and Stripe's webhook (its own route handler, documented in openapi.ts).
  "GET /offers",
  "POST /admin/offers",
  "PATCH /admin/offers/{id}",
  "POST /stripe/webhook",
  "POST /checkout",
  "GET /user/credits",
  // Issue 31 (company billing, invoices, the retreat).
  "GET /admin/clients/{id}/billing",
  "PUT /admin/clients/{id}/billing",
  "POST /admin/invoices",
  "GET /admin/invoices",
  "GET /admin/invoices/{id}",
  "POST /admin/retreat/applications/{id}/accept",
  "POST /retreat/applications",
  "GET /retreat/applications",
  "GET /retreat/applications/{id}/cancellation",
  "POST /retreat/applications/{id}/cancel",
  // Trying a failed refund again (the Payments tab).
  "POST /admin/refunds/{id}/retry",
] as const;

/** Operations that answer 201 Created (with what they created) instead of 200. */
export const CREATED_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /admin/blog",
  "POST /admin/uploads",
  "POST /admin/offers",
  "POST /admin/invoices",
  "POST /retreat/applications",
]);

/**
 * DELETE operations that take their input as a JSON body, not as query parameters: it holds a secret
 * (the password) that must never be in a URL, where proxies log it (rest.ts hands the body over).
 */
export const BODY_DELETE_OPERATIONS: ReadonlySet<string> = new Set(["DELETE /user/account"]);

/** The one operation whose body is multipart/form-data: the image, in the field `file`. */
export const UPLOAD_OPERATION = { method: "POST", path: "/admin/uploads", field: "file" } as const;
