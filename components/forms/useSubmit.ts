"use client";

import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import type { z } from "zod";
import { ApiRequestError, messageOf } from "@/lib/api/client";
import { fieldErrors } from "@/lib/platform/fields";

export type FieldErrors = Record<string, string>;

/**
 * Busy flag, per-field errors and a form-level error for a form that calls the API: the shared
 * zod schema checks the values first (nothing is sent when it fails), the server's 422 errors land
 * on the same fields, and any other failure becomes the server's message or the fallback.
 */
export function useSubmit(options: { toastErrors?: boolean } = {}) {
  const toastErrors = options.toastErrors ?? false;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = useCallback(
    async <S extends z.ZodType, R>(schema: S, values: unknown, send: (input: z.output<S>) => Promise<R>, fallback = "An error occurred."): Promise<R | undefined> => {
      const checked = schema.safeParse(values);
      if (!checked.success) {
        setErrors(fieldErrors(checked.error));
        setError(null);
        return undefined;
      }
      setErrors({});
      setError(null);
      setBusy(true);
      try {
        return await send(checked.data);
      } catch (caught) {
        if (caught instanceof ApiRequestError && caught.body?.errors) {
          const next: FieldErrors = {};
          for (const [name, messages] of Object.entries(caught.body.errors)) if (messages[0]) next[name] = messages[0];
          setErrors(next);
        }
        const message = messageOf(caught, fallback);
        setError(message);
        if (toastErrors) toast.error(message);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [toastErrors],
  );

  const clearError = useCallback((name?: string) => {
    setError(null);
    if (name) setErrors((e) => (e[name] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e));
  }, []);

  return { busy, error, errors, submit, clearError, setError };
}
