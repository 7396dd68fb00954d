"use client";

import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";

type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * What the public forms (contact, newsletter card) need of a form library, without shipping one to
 * marketing pages: the fields are plain inputs read with FormData at submit, checked by the same zod
 * schema as the server, which (with zod) is downloaded on the first submit. The first invalid field
 * gets focus; after a failed submit the messages follow what the visitor types, as react-hook-form's
 * re-validation on change did. Field names are the `name` attributes.
 */
export function useLazySchemaForm<TInput extends Record<string, unknown>, TOutput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
  fields: ReadonlyArray<keyof TInput & string>,
) {
  type Name = keyof TInput & string;
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(false);
  const schema = useRef<Promise<z.ZodType<TOutput, TInput>> | undefined>(undefined);

  const check = async (form: HTMLFormElement): Promise<{ values: TOutput } | { invalid: Name[] }> => {
    schema.current ??= Promise.all([loadSchema(), import("./zod-client")]).then(([loaded]) => loaded);
    // A failed download must not stick: the next submit tries again.
    schema.current.catch(() => (schema.current = undefined));
    const data = new FormData(form);
    const values = Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? "")]));
    const result = (await schema.current).safeParse(values);
    if (result.success) {
      setErrors({});
      return { values: result.data };
    }
    const found: FieldErrors<Name> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? "") as Name;
      if (fields.includes(name)) found[name] ??= issue.message;
    }
    setErrors(found);
    return { invalid: fields.filter((name) => found[name]) };
  };

  return {
    errors,
    submitting,
    /** The form's onSubmit: validates, then hands the parsed values to `onValid`. */
    handleSubmit: (onValid: (values: TOutput) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      attempted.current = true;
      setSubmitting(true);
      try {
        const outcome = await check(form);
        if ("invalid" in outcome) {
          const first = outcome.invalid[0];
          const element = first ? form.elements.namedItem(first) : null;
          if (element instanceof HTMLElement) element.focus();
          return;
        }
        await onValid(outcome.values);
      } finally {
        setSubmitting(false);
      }
    },
    /** The form's onChange: after a failed submit, messages follow the input. */
    handleChange: (event: FormEvent<HTMLFormElement>) => {
      if (attempted.current) void check(event.currentTarget);
    },
    /** Back to a fresh form: no messages, and none until the next submit (as react-hook-form's reset()). */
    reset: () => {
      attempted.current = false;
      setErrors({});
    },
  };
}
