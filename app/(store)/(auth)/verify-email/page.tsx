import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/AuthCard";
import { ConfirmEmailForm } from "@/components/auth/ConfirmEmailForm";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = {
  ...pageMetadata({ title: "Confirm your email", description: "Confirm the email address of your account.", path: "/verify-email", noIndex: true }),
  // The token is in the URL: never send it to another site in a Referer.
  referrer: "no-referrer",
};

/** /verify-email?token=...: the welcome mail's link. Opening it changes nothing by itself. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && raw ? raw : null;
  return (
    <AuthCard title="Confirm your email" intro="Enter the password you chose when you opened the account.">
      <ConfirmEmailForm token={token} />
    </AuthCard>
  );
}
