import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/AuthCard";
import { RegistrationForm } from "@/components/auth/RegistrationForm";
import { pageMetadata } from "@/lib/seo/metadata";
import { currentUser } from "@/lib/accounts";

export const metadata: Metadata = pageMetadata({ title: "Create an account", description: "Open an account to keep your addresses, wishlist and orders in one place.", path: "/registration", noIndex: true });

export default async function RegistrationPage() {
  if (await currentUser()) redirect("/dashboard");
  return (
    <AuthCard title="Create an account">
      <RegistrationForm />
    </AuthCard>
  );
}
