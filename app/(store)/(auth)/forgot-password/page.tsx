import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/AuthCard";
import { ForgotPasswordForm } from "@/components/auth/forms";
import { pageMetadata } from "@/lib/seo/metadata";
import { currentUser } from "@/lib/accounts";

export const metadata: Metadata = pageMetadata({ title: "Forgot password", description: "Get a link to choose a new password.", path: "/forgot-password", noIndex: true });

/** The Forgot password flow of the login screen's modal, on a page of its own. */
export default async function ForgotPasswordPage() {
  if (await currentUser()) redirect("/profile");
  return (
    <AuthCard title="Forgot password">
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm">
        <Link href="/login" className="font-semibold text-saffron-dark underline underline-offset-2">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
