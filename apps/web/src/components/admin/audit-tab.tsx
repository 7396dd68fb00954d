// Built by the admin-console issue (an /admin tab); renders nothing until then.
export function AuditTab() {
  return null;
}
