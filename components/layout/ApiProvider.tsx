"use client";

import type { ReactNode } from "react";
import { configureApi } from "@/lib/api/client";

/** Hands the API key to client code (it is public: every browser request sends it). */
export function ApiProvider({ systemKey, children }: { systemKey: string; children: ReactNode }) {
  configureApi(systemKey);
  return children;
}
