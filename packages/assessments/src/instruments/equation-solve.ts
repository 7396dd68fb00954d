/**
 * An independent solver for symbol-equation items: it reads the equations from the item's text
 * (not from the generator's data) and tries every assignment of whole numbers to the symbols. An
 * item is fair when exactly one assignment satisfies every equation, so the value asked for is
 * determined; the search bound is exhaustive because every symbol appears in a sum or product
 * equal to a positive number, which caps it at the largest number shown.
 */
export const SYMBOLS = ["■", "▲", "●"] as const;

type Token = string;

/** Evaluates tokens like ["■", "×", "3", "−", "▲"] with × before + and − (any other operator subtracts). */
export function evaluate(tokens: readonly Token[], values: Readonly<Record<string, number>>): number {
  const value = (t: Token) => (t in values ? values[t]! : Number(t));
  const terms: number[] = [];
  const signs: number[] = [];
  let current = value(tokens[0]!);
  let sign = 1;
  for (let i = 1; i < tokens.length; i += 2) {
    const op = tokens[i]!;
    const next = value(tokens[i + 1]!);
    if (op === "×") current *= next;
    else {
      terms.push(current);
      signs.push(sign);
      sign = op === "+" ? 1 : -1;
      current = next;
    }
  }
  terms.push(current);
  signs.push(sign);
  return terms.reduce((s, t, i) => s + signs[i]! * t, 0);
}

export interface ParsedEquations {
  equations: { left: Token[]; right: number }[];
  query: Token[];
}

/** Parses "… ■ + ■ = 10; ■ × 3 = ?" (everything after the instruction's question mark). */
export function parseEquations(text: string): ParsedEquations {
  const body = text.slice(text.indexOf("?") + 1);
  const parts = body
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  const tokens = (s: string) => s.split(/\s+/).filter(Boolean);
  const equations: ParsedEquations["equations"] = [];
  let query: Token[] = [];
  for (const part of parts) {
    const [left, right] = part.split("=").map((s) => s.trim());
    if (right === "?") query = tokens(left!);
    else equations.push({ left: tokens(left!), right: Number(right) });
  }
  return { equations, query };
}

/** Every assignment of whole numbers 0…bound to the symbols used that satisfies all equations. */
export function solutions(parsed: ParsedEquations): Record<string, number>[] {
  const used = SYMBOLS.filter((s) => parsed.equations.some((e) => e.left.includes(s)));
  const bound = Math.max(...parsed.equations.map((e) => e.right));
  const out: Record<string, number>[] = [];
  const assign = (i: number, values: Record<string, number>) => {
    if (i === used.length) {
      if (parsed.equations.every((e) => evaluate(e.left, values) === e.right)) out.push({ ...values });
      return;
    }
    for (let v = 0; v <= bound; v++) assign(i + 1, { ...values, [used[i]!]: v });
  };
  assign(0, {});
  return out;
}

/** The value the question asks for when the equations fix it, otherwise null. */
export function uniqueValue(text: string): number | null {
  const parsed = parseEquations(text);
  const found = solutions(parsed);
  if (found.length !== 1) return null;
  return evaluate(parsed.query, found[0]!);
}
