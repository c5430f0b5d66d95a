import type { NextRequest } from "next/server";
import type { ApiUser } from "@/lib/api/types";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/accounts/constants";
import { getConfig } from "@/lib/platform/config";
import type { SessionUser, SignedIn } from "@/lib/accounts";
import { mergeAtSignIn } from "./cart";
import { action, withCookies } from "./http";

export const presentUser = (u: SessionUser): ApiUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  avatar: u.avatar,
  avatar_original: u.avatar,
  email_verified: u.emailVerified,
});

function hintCookie(maxAgeSeconds: number): string {
  const secure = getConfig().siteUrl.startsWith("https://") ? "; Secure" : "";
  return `${SIGNED_IN_HINT_COOKIE}=${maxAgeSeconds > 0 ? "1" : ""}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/**
 * `{ result, message, access_token, token_type, user }` with the session cookie and the hint
 * cookie, after moving this browser's guest cart into the customer's (./cart.ts mergeAtSignIn).
 */
export async function signedInAnswer(request: NextRequest, signedIn: SignedIn, message: string, guestId?: string | null): Promise<Response> {
  const merged = await mergeAtSignIn(request, guestId, signedIn.user.id);
  const response = action(true, message, 200, { access_token: signedIn.token, token_type: "Bearer", user: presentUser(signedIn.user) });
  return withCookies(response, [...signedIn.setCookies, hintCookie(getConfig().sessionDays * 24 * 60 * 60), ...merged]);
}

/** `{ result, message }` clearing the session cookie and the hint cookie. */
export function signedOutAnswer(setCookies: readonly string[], message: string): Response {
  return withCookies(action(true, message), [...setCookies, hintCookie(0)]);
}

