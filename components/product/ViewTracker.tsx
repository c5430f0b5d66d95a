"use client";

import { useEffect } from "react";
import { apiGet } from "@/lib/api/client";
import { useSessionUser } from "@/lib/accounts/client/session";

/**
 * Records a signed-in customer's visit for the dashboard's Recently viewed, through the spec's
 * GET /products/{slug}/{viewer}: the server records it only when the session is that viewer.
 * Guests send nothing; the page itself stays cached and the same for everyone.
 */
export function ViewTracker({ slug }: { slug: string }) {
  const user = useSessionUser();
  const viewer = user?.id;
  useEffect(() => {
    if (!viewer) return;
    void apiGet(`/products/${encodeURIComponent(slug)}/${viewer}`).catch(() => undefined);
  }, [slug, viewer]);
  return null;
}
