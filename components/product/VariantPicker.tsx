"use client";

import { type ReactNode, useState } from "react";
import { AddToCart } from "@/components/cart/AddToCart";
import { PriceTag } from "@/components/catalog/PriceTag";
import { availabilityLabel, availabilityTone, discountLabel, lineCapOf, type AvailabilityKey } from "@/lib/catalog/display";
// The gallery (components/product/Gallery.tsx) listens for it and shows the variant's photo.
import { VARIANT_PHOTO_EVENT } from "@/lib/catalog/gallery";

/** What the picker knows of a variant (money in paise); the server renders the chosen one first. */
export type PickerVariant = {
  sku: string;
  label: string;
  slug: string;
  values: string[];
  price: number;
  listPrice: number;
  discountPercent: number;
  stock: number;
  availability: AvailabilityKey;
  photo: string | null;
};

/**
 * The product page's variant picker (docs/storefront.md "Variants"): one group of buttons per
 * option, the chosen variant's price, availability, SKU and Add to Cart. A choice is written to the
 * address bar as ?variant=<slug> (history.replaceState: no navigation, no request), so the link
 * opens the same choice; the gallery shows its photo. A variant out of stock, or a combination that
 * does not exist, is a disabled button struck through, and never reaches the cart: its Add to
 * Cart says Out Of Stock. The server renders the same markup for the variant a link names.
 */
export function VariantPicker({ productId, productName, options, variants, initial, children }: { productId: number; productName: string; options: { name: string; values: string[] }[]; variants: PickerVariant[]; initial: string; children?: ReactNode }) {
  const [slug, setSlug] = useState(initial);
  const chosen = variants.find((v) => v.slug === slug) ?? variants[0]!;
  const cap = lineCapOf(chosen.availability, chosen.stock);
  const discount = discountLabel(chosen.discountPercent);
  const withValue = (option: number, value: string) => variants.find((v) => v.values.every((x, i) => (i === option ? x === value : x === chosen.values[i])));

  const choose = (v: PickerVariant) => {
    setSlug(v.slug);
    const url = new URL(window.location.href);
    url.searchParams.set("variant", v.slug);
    window.history.replaceState(window.history.state, "", url);
    if (v.photo) window.dispatchEvent(new CustomEvent(VARIANT_PHOTO_EVENT, { detail: v.photo }));
  };

  return (
    <div className="space-y-6" data-chosen-variant={chosen.slug}>
      <PriceTag price={chosen.price} listPrice={chosen.listPrice} size="page">
        {discount ? <span className="rounded-full bg-madder px-3 py-1 text-sm font-semibold text-white">{discount}</span> : null}
      </PriceTag>
      <p className="text-sm text-ink/70">Inclusive of all taxes. SKU {chosen.sku}</p>
      <p className={`text-sm font-semibold tracking-wide ${availabilityTone(chosen.availability)}`} data-testid="variant-availability">
        {availabilityLabel(chosen.availability)}
        {chosen.availability === "in_stock" && chosen.stock <= 5 ? ` (only ${chosen.stock} left)` : null}
      </p>
      {options.map((option, i) => (
        <fieldset key={option.name} className="space-y-2">
          <legend className="text-sm font-medium">
            {option.name}: <span className="font-semibold">{chosen.values[i]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const v = withValue(i, value);
              const unavailable = !v || v.availability === "out_of_stock";
              const selected = chosen.values[i] === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={selected}
                  disabled={unavailable}
                  onClick={() => v && choose(v)}
                  title={unavailable ? `${value}: ${v ? "out of stock" : "not available"}` : undefined}
                  className={`min-w-14 rounded-full border px-4 py-2 text-sm ${selected ? "border-navy bg-navy text-white" : "border-ink/25 hover:border-navy"} disabled:cursor-not-allowed disabled:border-ink/10 disabled:text-ink/40 disabled:line-through`}
                >
                  {value}
                  {unavailable ? <span className="sr-only"> (out of stock)</span> : null}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="space-y-4">
        <p className="text-sm font-medium">Quantity</p>
        <div className="flex flex-wrap items-center gap-3">
          <AddToCart key={chosen.slug} productId={productId} productName={productName} variant={chosen.label} outOfStock={cap === 0} maxQuantity={cap} />
          {children}
        </div>
      </div>
    </div>
  );
}
