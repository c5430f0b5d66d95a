"use client";

import { useSyncExternalStore } from "react";
import useSWR from "swr";
import { swrFetcher } from "@/lib/api/client";
import type { ApiUser } from "@/lib/api/types";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/constants";

export const SESSION_KEY = "/auth/session";

const subscribe = () => () => undefined;
const hasHint = () => document.cookie.split("; ").some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));

/** True when this browser may hold a session (the readable hint cookie); false on the server. */
export function useMaybeSignedIn(): boolean {
  return useSyncExternalStore(subscribe, hasHint, () => false);
}

/**
 * The signed-in customer for client islands on shared pages (header, product page), asked of the
 * API only when the hint cookie says someone may be signed in: guests cost no request.
 */
export function useSessionUser(): { user: ApiUser | null; loading: boolean } {
  const maybe = useMaybeSignedIn();
  const { data, isLoading } = useSWR<{ result: boolean; user: ApiUser | null }>(maybe ? SESSION_KEY : null, swrFetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { user: data?.user ?? null, loading: maybe && isLoading };
}
