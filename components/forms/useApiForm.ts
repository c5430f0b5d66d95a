"use client";

import { useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from "react";
import toast from "react-hot-toast";
import type { z } from "zod";
import { apiPost, ApiRequestError, messageOf } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { fieldErrors } from "@/lib/platform/fields";

const noop = () => () => undefined;

/** True once React has hydrated in the browser (false during the server render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

type Values = Record<string, string>;
type Errors<V extends Values> = Partial<Record<keyof V & string, string>>;

/**
 * State and submit logic of a form posted to API v2: the shared zod schema checks it in the
 * browser first (messages shown next to the fields, nothing sent), the server's 422 errors land on
 * the same fields, and the result is a toast with the server's message ("An error occurred." when
 * there is none).
 */
export function useApiForm<V extends Values>(options: { initial: V; schema: z.ZodType; path: string; extra?: Record<string, unknown>; onDone?: (answer: ApiAction & Record<string, unknown>) => void }) {
  const { initial, schema, path, extra, onDone } = options;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (next: Errors<V>) => {
    setErrors(next);
    const first = (Object.keys(initial) as (keyof V & string)[]).find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as keyof V & string;
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const body = { ...extra, ...values };
    const checked = schema.safeParse(body);
    if (!checked.success) {
      showErrors(fieldErrors(checked.error) as Errors<V>);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const res = await apiPost<ApiAction & Record<string, unknown>>(path, body);
      if (res.result) {
        toast.success(res.message);
        setValues(initial);
        onDone?.(res);
      } else {
        toast.error(res.message || "An error occurred.");
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.errors) {
        const server: Errors<V> = {};
        for (const [name, messages] of Object.entries(error.body.errors)) {
          if (name in initial && messages[0]) server[name as keyof V & string] = messages[0];
        }
        showErrors(server);
      }
      toast.error(messageOf(error, "An error occurred."));
    } finally {
      setSending(false);
    }
  };

  return { values, errors, sending, hydrated, formRef, onChange, onSubmit };
}
