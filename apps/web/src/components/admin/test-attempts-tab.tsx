// Built by the assessments issue (an /admin tab); renders nothing until then.
export function TestAttemptsTab() {
  return null;
}
