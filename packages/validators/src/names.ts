/**
 * People's names end up in e-mail headers, calendar invitations (CN="…") and CSV exports, where a line
 * break or a control character can end a field early or start a new one. Names keep every letter,
 * mark and punctuation a person writes (quotes and apostrophes included: O'Brien, "Kit") and lose
 * only what no name contains: control characters, line and paragraph separators and the invisible
 * bidirectional overrides. Runs of whitespace become one space.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function cleanName(value: string): string {
  return value.replace(NOT_IN_NAMES, " ").replace(/\s+/g, " ").trim();
}
