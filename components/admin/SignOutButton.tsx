"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiPost, configureApi, messageOf } from "@/lib/api/client";

/** Ends the back-office session (POST /api/v2/admin/auth/logout), then opens the sign-in page. */
export function SignOutButton({ systemKey }: { systemKey: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  return (
    <>
      <button
        type="button"
        disabled={busy}
        className="rounded-md px-2 py-1 text-sm text-slate-200 underline-offset-2 hover:bg-slate-800 hover:underline"
        onClick={async () => {
          setBusy(true);
          configureApi(systemKey);
          try {
            await apiPost("/admin/auth/logout", {});
            router.replace("/admin/login");
            router.refresh();
          } catch (e) {
            setError(messageOf(e, "Could not sign out. Please try again."));
            setBusy(false);
          }
        }}
      >
        Sign out
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-300">
          {error}
        </span>
      ) : null}
    </>
  );
}
