"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/Icon";
import { useSessionUser } from "@/lib/accounts/client/session";

/**
 * The header's account link, a client island so cached pages stay the same for everyone: Login
 * for a guest, the customer's photo or initial and a link to the dashboard once signed in.
 */
export function AccountLink() {
  const user = useSessionUser();
  const first = user?.name.trim().split(/\s+/)[0] ?? "";
  return (
    <Link
      href={user ? "/dashboard" : "/login"}
      title={user ? "My account" : "Login"}
      data-testid="account-link"
      className="flex shrink-0 items-center gap-2 rounded-full p-1.5 hover:text-saffron"
    >
      {user?.avatar ? (
        // A 256 px photo the store re-encoded; the optimizer adds nothing for a 28 px circle.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={user.avatar} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" />
      ) : user ? (
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-saffron text-sm font-semibold text-white">
          {first.charAt(0).toUpperCase() || "?"}
        </span>
      ) : (
        <Icon name="user" size={22} />
      )}
      {user ? (
        <>
          <span className="sr-only">My account, {user.name}</span>
          <span aria-hidden="true" className="hidden max-w-24 truncate text-sm font-medium xl:inline">
            {first}
          </span>
        </>
      ) : (
        <span className="sr-only">Login</span>
      )}
    </Link>
  );
}
