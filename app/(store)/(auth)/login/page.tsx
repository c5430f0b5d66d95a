import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/AuthCard";
import { LoginScreen } from "@/components/auth/LoginScreen";
import { safeRedirectPath } from "@/lib/accounts/redirect";
import { pageMetadata } from "@/lib/seo/metadata";
import { currentUser } from "@/lib/accounts";

export const metadata: Metadata = pageMetadata({ title: "Login", description: "Sign in to your account with your password or a code sent to your email.", path: "/login", noIndex: true });

/** /login?redirect=<path>: a signed-in customer goes straight on; the path must be on this site. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).redirect;
  const next = safeRedirectPath(typeof raw === "string" ? raw : null, "/");
  if (await currentUser()) redirect(next);
  return (
    <AuthCard title="Welcome back" intro="Sign in to see your orders, addresses and wishlist.">
      <LoginScreen redirect={next} />
    </AuthCard>
  );
}
