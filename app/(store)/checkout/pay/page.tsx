import { redirect } from "next/navigation";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * POST /checkout/place answers an online order with next: "/checkout/pay?order=CODE". The checkout
 * screen starts the payment itself; a client that follows `next` lands on the Retry Payment view,
 * which pays that same order.
 */
export default async function CheckoutPayPage({ searchParams }: Props) {
  const raw = (await searchParams).order;
  const code = Array.isArray(raw) ? raw[0] : raw;
  redirect(code ? `/checkout?order=${encodeURIComponent(code)}` : "/checkout");
}
