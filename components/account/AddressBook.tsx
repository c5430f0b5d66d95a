"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Icon } from "@/components/ui/Icon";
import { apiGet } from "@/lib/api/client";
import type { ApiAction, ApiAddress } from "@/lib/api/types";
import { AddressModal } from "./AddressModal";
import { AddressText } from "./AddressText";

function AddressMenu({ address, onEdit, onChanged }: { address: ApiAddress; onEdit: () => void; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPress = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const act = async (path: string, ok: string, failed: string, errored: string) => {
    setBusy(true);
    setOpen(false);
    try {
      const answer = await apiGet<ApiAction>(`${path}?address_id=${address.id}`);
      if (answer.result) {
        toast.success(ok);
        onChanged();
      } else {
        toast.error(failed);
      }
    } catch {
      toast.error(errored);
    } finally {
      setBusy(false);
    }
  };

  const item = "block w-full px-4 py-2 text-left text-sm hover:bg-sand";
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-label={`Options for the address ${address.address.split("\n")[0]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
        className="rounded-full p-1.5 text-ink/70 hover:bg-sand hover:text-ink"
      >
        <Icon name="dots" />
      </button>
      {open ? (
        <div role="menu" className="absolute top-full right-0 z-20 mt-1 w-48 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-ink/10">
          <button
            type="button"
            role="menuitem"
            className={item}
            onClick={() => {
              setOpen(false);
              onEdit();
            }}
          >
            Edit
          </button>
          {address.set_default ? null : (
            <button type="button" role="menuitem" className={item} onClick={() => act("/addresses/set-default", "Address set as default!", "Failed to set address as default", "Error setting default address")}>
              Make This Default
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className={`${item} text-madder`}
            onClick={() => {
              if (window.confirm("Delete this address?")) void act("/addresses/destroy", "Address deleted successfully", "Failed to delete address", "Error deleting address");
              else setOpen(false);
            }}
          >
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The profile's address list: Default badge, Edit / Make This Default / Delete, and Add New Address. */
export function AddressBook({ userId, addresses }: { userId: number; addresses: ApiAddress[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<ApiAddress | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => router.refresh();
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Addresses">
        {addresses.map((a) => (
          <li key={a.id} className="flex items-start justify-between gap-3 rounded-xl border border-ink/10 bg-ivory p-4" data-testid="address-card">
            <div className="min-w-0">
              {a.set_default ? <span className="mb-2 inline-block rounded-full bg-leaf px-2.5 py-0.5 text-xs font-semibold text-white">Default</span> : null}
              <AddressText address={a} />
            </div>
            <AddressMenu address={a} onEdit={() => setEditing(a)} onChanged={refresh} />
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="flex h-full min-h-32 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink/20 p-4 text-sm font-semibold text-ink/75 hover:border-saffron hover:text-saffron-dark"
          >
            <Icon name="plus" size={24} />
            Add New Address
          </button>
        </li>
      </ul>
      <AddressModal userId={userId} open={adding} onClose={() => setAdding(false)} onSaved={refresh} />
      <AddressModal userId={userId} open={editing !== null} address={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </>
  );
}
