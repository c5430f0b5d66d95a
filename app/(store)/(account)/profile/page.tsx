import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AddressBook } from "@/components/account/AddressBook";
import { EmailChangeCard } from "@/components/account/EmailChangeCard";
import { DeleteAccount, DownloadMyData, SignOutEverywhere } from "@/components/account/PrivacyCards";
import { ProfileForm } from "@/components/account/ProfileForm";
import { listAddresses, presentAddress, requireUser } from "@/lib/accounts";

export const metadata: Metadata = { title: "Manage Profile", robots: { index: false, follow: false } };

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-ink/75">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Manage Profile (docs/storefront.md, Accounts): basic info, addresses, email, and the customer's own data. */
export default async function ProfilePage() {
  const user = await requireUser("/profile");
  const addresses = (await listAddresses(user.id)).map(presentAddress);
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl text-navy md:text-4xl">Manage Profile</h1>
      <Section id="basic-info" title="Basic Info">
        <ProfileForm userId={user.id} name={user.name} phone={user.phone} />
      </Section>
      <Section id="addresses" title="Addresses">
        <AddressBook userId={user.id} addresses={addresses} />
      </Section>
      <Section id="email" title="Change your email" intro="We send a code to the new address; the change is made when you enter it.">
        <EmailChangeCard email={user.email} />
      </Section>
      <Section id="privacy" title="Your data and devices" intro="Sign out everywhere, take a copy of everything we keep about you, or delete your account.">
        <div className="flex flex-wrap gap-3">
          <SignOutEverywhere />
          <DownloadMyData />
          <DeleteAccount />
        </div>
      </Section>
    </div>
  );
}
