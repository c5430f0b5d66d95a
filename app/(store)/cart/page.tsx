import type { Metadata } from "next";
import { cookies } from "next/headers";
import { presentCart } from "@/app/api/v2/_lib/cart";
import { CartView } from "@/components/cart/CartView";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { GUEST_COOKIE } from "@/lib/accounts/constants";
import { currentUser } from "@/lib/accounts";
import { readCart, type CartOwner } from "@/lib/cart";
import { GUEST_ID_PATTERN } from "@/lib/cart/schemas";

export const metadata: Metadata = { title: "Cart", robots: { index: false, follow: false } };

/** /cart: the shopper's own cart (customer or guest cookie), rendered with the server's figures. */
export default async function CartPage() {
  const user = await currentUser();
  const guest = (await cookies()).get(GUEST_COOKIE)?.value ?? "";
  const owner: CartOwner | null = user ? { kind: "user", userId: user.id } : GUEST_ID_PATTERN.test(guest) ? { kind: "guest", guestId: guest } : null;
  const cart = presentCart(await readCart(owner), owner);
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ name: "Home", href: "/" }, { name: "Cart", href: "/cart" }]} />
      <h1 className="mt-4 mb-6 text-3xl text-navy md:text-4xl">Cart</h1>
      <CartView initial={cart} signedIn={user !== null} />
    </div>
  );
}
