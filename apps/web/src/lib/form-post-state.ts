/** What a public form's post without scripts answers (src/server/form-posts.ts), read by the form. */
export type FormPostState =
  | { status: "idle" }
  | { status: "sent" }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "failed"; message: string; values: Record<string, string> };

export const IDLE_POST: FormPostState = { status: "idle" };

/** The value a field had when the form was posted, to put back after a refused post. */
export function postedValue(state: FormPostState, name: string): string | undefined {
  return "values" in state ? state.values[name] : undefined;
}
