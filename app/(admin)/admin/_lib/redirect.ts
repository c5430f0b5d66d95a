import { isAdminPath } from "@/lib/accounts/admin-nav";
import { safeRedirectPath } from "@/lib/accounts/redirect";

/** Where the back office's sign-in goes on to: a back-office path of this site (the dashboard otherwise). */
export function adminRedirect(raw: string | string[] | undefined): string {
  const path = safeRedirectPath(typeof raw === "string" ? raw : null, "/admin");
  const pathname = path.split(/[?#]/)[0] ?? "";
  return isAdminPath(pathname) && !pathname.startsWith("/admin/login") ? path : "/admin";
}
