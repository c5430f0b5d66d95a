"use client";

import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { configureApi, swrFetcher } from "@/lib/api/client";

/** Hands the API key to client code and sets SWR defaults for the whole store. */
export function ApiProvider({ systemKey, children }: { systemKey: string; children: ReactNode }) {
  configureApi(systemKey);
  return <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>;
}
