"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { apiGet } from "@/lib/api/client";
import type { ApiUser } from "@/lib/api/types";
import { SIGNED_IN_HINT_COOKIE } from "../constants";

const subscribe = () => () => undefined;
const hasHint = () => document.cookie.split("; ").some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));

/** True when this browser may hold a session (the readable hint cookie); false on the server. */
export function useMaybeSignedIn(): boolean {
  return useSyncExternalStore(subscribe, hasHint, () => false);
}

let pending: Promise<ApiUser | null> | null = null;

/** One GET /auth/session per page load, shared by every island that asks. */
function loadSessionUser(): Promise<ApiUser | null> {
  pending ??= apiGet<{ user: ApiUser | null }>("/auth/session")
    .then((answer) => {
      // The session ended elsewhere (expired, logged out on all devices): drop the stale hint.
      if (!answer.user) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
      return answer.user;
    })
    .catch(() => null);
  return pending;
}

const CHANGED = "kesar:session-changed";

/** After a profile change: every island reads the user again. */
export function refreshSessionUser(): void {
  pending = null;
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The signed-in customer for client islands on shared, cached pages (header, product page). The
 * API is asked only when the hint cookie says someone may be signed in, so guests cost nothing.
 * No SWR here: the header is on every page and stays small.
 */
export function useSessionUser(): ApiUser | null {
  const maybe = useMaybeSignedIn();
  const [user, setUser] = useState<ApiUser | null>(null);
  useEffect(() => {
    if (!maybe) return;
    let live = true;
    const load = () => void loadSessionUser().then((u) => live && setUser(u));
    load();
    window.addEventListener(CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(CHANGED, load);
    };
  }, [maybe]);
  return maybe ? user : null;
}
