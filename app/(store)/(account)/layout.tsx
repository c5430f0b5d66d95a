import type { ReactNode } from "react";
import { AccountMenu } from "@/components/account/AccountMenu";
import { currentUser } from "@/lib/accounts";

/** Account pages: the side menu beside the page. Each page checks the session itself. */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <div className="container-page grid gap-6 py-8 lg:grid-cols-[17rem_1fr] lg:gap-8">
      <AccountMenu user={user ? { name: user.name, email: user.email, avatar: user.avatar } : null} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
