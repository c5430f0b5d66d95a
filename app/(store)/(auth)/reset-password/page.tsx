import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/AuthCard";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = {
  ...pageMetadata({ title: "Reset password", description: "Choose a new password for your account.", path: "/reset-password", noIndex: true }),
  // The token is in the URL: never send it to another site in a Referer.
  referrer: "no-referrer",
};

/** /reset-password?token=...: the emailed link's screen. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return (
    <AuthCard title="Reset password" intro="Choose a new password. Every device signed in to your account will be signed out.">
      <ResetPasswordForm token={typeof token === "string" && token ? token : null} />
      <p className="mt-6 text-center text-sm">
        <Link href="/forgot-password" className="font-semibold text-saffron-dark underline underline-offset-2">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
