"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiAddress } from "@/lib/api/types";
import { AddressModal } from "./AddressModal";
import { AddressText } from "./AddressText";

/** Default Shipping Address, or "No default address available", with Add New Address. */
export function DefaultAddressCard({ userId, address }: { userId: number; address: ApiAddress | null }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  return (
    <div className="flex h-full flex-col gap-4">
      {address ? <AddressText address={address} /> : <p className="text-sm text-ink/70">No default address available</p>}
      <div className="mt-auto">
        <button type="button" onClick={() => setOpen(true)} className="btn-primary">
          Add New Address
        </button>
      </div>
      <AddressModal userId={userId} open={open} onClose={() => setOpen(false)} onSaved={() => router.refresh()} />
    </div>
  );
}
