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

/** Operations beyond section 7 that the REST face also serves (health is the architecture's; issues 16's and 20's the others). */
export const EXTRA_OPERATIONS = [
  "GET /health",
  "GET /tests/methodology",
  "GET /user/test-history/{attemptId}",
  "GET /admin/tests/{id}/calibration",
  "POST /admin/tests/{id}/calibrate",
  // Issue 20 (scheduling): booking types with intake questions, rescheduling, the coach's bookings and attendance.
  "GET /appointments/types",
  "POST /appointments/{id}/reschedule",
  "GET /admin/appointments",
  "POST /admin/appointments/{id}/attendance",
] as const;
