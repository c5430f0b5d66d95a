import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/AuthCard";
import { pageMetadata } from "@/lib/seo/metadata";
import { confirmEmail } from "@/lib/server/auth/flows";

export const metadata: Metadata = {
  ...pageMetadata({ title: "Confirm your email", description: "Confirm the email address of your account.", path: "/verify-email", noIndex: true }),
  referrer: "no-referrer",
};

/** /verify-email?token=...: the link of the welcome mail. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && raw.length <= 2000 ? raw : "";
  const confirmed = token ? await confirmEmail(token) : false;
  return (
    <AuthCard title={confirmed ? "Email confirmed" : "This link does not work"}>
      <p role="status">{confirmed ? "Thank you. Your email address is confirmed." : "The link is invalid or has expired. Sign in and ask for a code or a password reset instead."}</p>
      <Link href="/login" className="btn-primary mt-6 w-full">
        Go to Login
      </Link>
    </AuthCard>
  );
}
