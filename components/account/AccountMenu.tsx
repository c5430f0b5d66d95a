"use client";

import Image from "next/image";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Icon, type IconName } from "@/components/ui/Icon";
import { apiGet } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { reloadTo } from "@/lib/platform/client/flash";

const LINKS: { href: string; label: string; icon: IconName }[] = [
  { href: "/dashboard", label: "Dashboard", icon: "grid" },
  { href: "/purchase-history", label: "Purchase History", icon: "bag" },
  { href: "/wishlists", label: "Wishlist", icon: "heart" },
  { href: "/profile", label: "Manage Profile", icon: "user" },
];

export type MenuUser = { name: string; email: string; avatar: string | null } | null;

/** Ends the session and goes to /login, which says "Logged out successfully". */
export async function logOut(): Promise<void> {
  try {
    const answer = await apiGet<ApiAction>("/auth/logout");
    reloadTo("/login", { kind: "success", message: answer.message || "Logged out successfully" });
  } catch {
    toast.error("An error occurred");
  }
}

function MenuBody({ user, onNavigate }: { user: MenuUser; onNavigate?: () => void }) {
  const pathname = usePathname();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        {user?.avatar ? (
          <Image src={user.avatar} alt="" width={56} height={56} unoptimized className="h-14 w-14 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-sand text-navy">
            <Icon name="user" size={28} />
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold">{user?.name || "Guest"}</p>
          <p className="truncate text-sm text-ink/70">{user?.email || "No Email"}</p>
        </div>
      </div>
      <nav aria-label="Account">
        <ul className="grid gap-1">
          {LINKS.map((link) => {
            const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${active ? "bg-navy text-white" : "hover:bg-sand"}`}
                >
                  <Icon name={link.icon} size={18} />
                  {link.label}
                </Link>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              disabled={leaving}
              onClick={async () => {
                setLeaving(true);
                await logOut();
                setLeaving(false);
              }}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-madder hover:bg-sand"
            >
              <Icon name="logout" size={18} />
              Log Out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/**
 * The account side menu (docs/storefront.md, Accounts): avatar, name or "Guest", email or "No Email", the account
 * links and Log Out. On phones it is a slide-in panel that closes on a press outside it.
 */
export function AccountMenu({ user }: { user: MenuUser }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPress = (event: MouseEvent | TouchEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onPress);
    document.addEventListener("touchstart", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPress);
      document.removeEventListener("touchstart", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <>
      <aside aria-label="Account menu" className="hidden self-start rounded-2xl bg-white p-5 shadow-sm lg:block">
        <MenuBody user={user} />
      </aside>
      <div className="lg:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="account-panel"
          onClick={() => setOpen(true)}
          className="flex items-center gap-2 rounded-full border border-ink/20 bg-white px-4 py-2 text-sm font-semibold"
        >
          <Icon name="menu" size={18} />
          Account menu
        </button>
        {open ? (
          <div className="fixed inset-0 z-50 bg-navy/60">
            <div ref={panel} id="account-panel" role="dialog" aria-modal="true" aria-label="Account menu" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-ivory p-5 shadow-2xl">
              <div className="mb-4 flex justify-end">
                <button type="button" aria-label="Close account menu" onClick={() => setOpen(false)} className="rounded-full p-1 text-ink/70 hover:text-ink">
                  <Icon name="close" />
                </button>
              </div>
              <MenuBody user={user} onNavigate={() => setOpen(false)} />
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
