import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver that downloads zod and the form's schema on the first validation
 * (forms validate on submit), so marketing pages with a form do not pay for zod on every visit.
 * The schema is the same one the server checks.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> {
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loaded ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema(), import("./zod-client")]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<TInput, unknown, TOutput>,
    );
    // A failed download must not stick: the next submit tries again.
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  return async (values, context, options) => (await load())(values, context, options);
}
