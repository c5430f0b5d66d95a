import { IST_OFFSET_MS } from "@/lib/platform/format";

/**
 * The commerce settings' forms (coupons, shipping, delivery zones, GST rates) as field lists: the
 * page draws them (components/admin/CommerceForm.tsx; its pages are app/(admin)/admin/(panel)/coupons, settings/shipping, delivery-zones, gst-rates), and the server action turns the posted form
 * back into the admin API's JSON with formObject() before the API's own zod schema checks it, so a
 * form and the API refuse the same things with the same messages. Field names are the API's
 * ("standard_days.min" is {standard_days: {min}}), so an error's key finds its field. Pure.
 */

export type FormFieldKind = "text" | "number" | "checkbox" | "select" | "datetime" | "date";

export type FormFieldSpec = {
  name: string;
  label: string;
  kind: FormFieldKind;
  hint?: string;
  options?: Record<string, string>;
  /** A number left empty is null (no limit, no bound) rather than refused. */
  emptyIsNull?: boolean;
  /** A number's step (0.01 for rupees). */
  step?: number;
  required?: boolean;
  wide?: boolean;
};

/** A field's value as the form shows it. */
export type FormValues = Record<string, string | boolean>;

/** An ISO instant as a datetime-local input shows it, in India's time ("2026-12-01T10:00"). */
export function istLocal(iso: string | null): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16);
}

function set(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1] as string] = value;
}

/**
 * The JSON a posted form means: numbers as numbers (what is not one is kept as text, for the
 * schema to refuse by name), an empty number as null or left out, checkboxes as booleans, a
 * datetime-local as that minute in India.
 */
export function formObject(form: FormData, fields: readonly FormFieldSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = form.get(f.name);
    const value = typeof raw === "string" ? raw.trim() : "";
    if (f.kind === "checkbox") set(out, f.name, raw !== null);
    else if (f.kind === "number") {
      if (value === "") {
        if (f.emptyIsNull) set(out, f.name, null);
      } else set(out, f.name, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
    } else if (f.kind === "datetime") set(out, f.name, value === "" ? null : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+05:30` : value);
    else if (f.kind === "text" && value === "" && f.emptyIsNull) set(out, f.name, null);
    else set(out, f.name, value);
  }
  return out;
}

/** What a form shows for a value: a flat map by field name. */
export function formValues(value: Record<string, unknown>, fields: readonly FormFieldSpec[]): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    let v: unknown = value;
    for (const part of f.name.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
    if (f.kind === "checkbox") out[f.name] = Boolean(v);
    else if (f.kind === "datetime") out[f.name] = typeof v === "string" ? istLocal(v) : "";
    else out[f.name] = v === null || v === undefined ? "" : String(v);
  }
  return out;
}

const KINDS = { percent: "Percent off", flat: "Amount off (₹)", free_shipping: "Free shipping" };

export const COUPON_FIELDS: readonly FormFieldSpec[] = [
  { name: "code", label: "Code", kind: "text", required: true, hint: "3 to 30 letters, digits, - or _; kept in capitals. Shoppers type it in any case." },
  { name: "title", label: "Title", kind: "text", required: true, hint: "What the cart shows beside the code." },
  { name: "kind", label: "Kind", kind: "select", options: KINDS },
  { name: "value", label: "Value", kind: "number", step: 0.01, hint: "A percent (1 to 100) for percent off; rupees for amount off; 0 for free shipping." },
  { name: "min_order", label: "Minimum order (₹)", kind: "number", step: 0.01, hint: "The cart's subtotal it needs; empty: none." },
  { name: "max_discount", label: "Maximum discount (₹)", kind: "number", step: 0.01, emptyIsNull: true, hint: "Percent off only; empty: no cap." },
  { name: "starts_at", label: "Starts", kind: "datetime", hint: "India's time; empty: at once." },
  { name: "ends_at", label: "Ends", kind: "datetime", hint: "India's time; empty: never." },
  { name: "usage_limit", label: "Usage limit (orders in all)", kind: "number", step: 1, emptyIsNull: true, hint: "Cancelled orders do not count; empty: no limit." },
  { name: "per_customer_limit", label: "Per-customer limit", kind: "number", step: 1, emptyIsNull: true, hint: "Orders one customer may place with it; empty: no limit." },
  { name: "first_order_only", label: "First order only (signed-in customers without an order)", kind: "checkbox", wide: true },
  { name: "active", label: "Active", kind: "checkbox" },
];

export const SHIPPING_FIELDS: readonly FormFieldSpec[] = [
  { name: "standard_fee", label: "Standard delivery fee (₹)", kind: "number", step: 0.01, required: true },
  { name: "express_extra_fee", label: "Express: extra on top of standard (₹)", kind: "number", step: 0.01, required: true },
  { name: "dispatch_days_in_stock.min", label: "Dispatch in stock: fewest days", kind: "number", step: 1, required: true },
  { name: "dispatch_days_in_stock.max", label: "Dispatch in stock: most days", kind: "number", step: 1, required: true },
  { name: "dispatch_days_made_to_order.min", label: "Made to order: fewest days", kind: "number", step: 1, required: true },
  { name: "dispatch_days_made_to_order.max", label: "Made to order: most days", kind: "number", step: 1, required: true },
  { name: "dispatch_days_express.min", label: "Express dispatch: fewest days", kind: "number", step: 1, required: true },
  { name: "dispatch_days_express.max", label: "Express dispatch: most days", kind: "number", step: 1, required: true },
  { name: "gst_default_rate", label: "Default GST rate (%)", kind: "number", step: 1, required: true, hint: "For a product whose HSN code matches no row of the GST rate table." },
];

export const ZONE_FIELDS: readonly FormFieldSpec[] = [
  { name: "name", label: "Name", kind: "text", required: true, wide: true },
  { name: "pin_from", label: "First PIN", kind: "number", step: 1, required: true },
  { name: "pin_to", label: "Last PIN", kind: "number", step: 1, required: true },
  { name: "standard_days.min", label: "Standard transit: fewest days", kind: "number", step: 1, required: true },
  { name: "standard_days.max", label: "Standard transit: most days", kind: "number", step: 1, required: true },
  { name: "express_days.min", label: "Express transit: fewest days", kind: "number", step: 1, required: true },
  { name: "express_days.max", label: "Express transit: most days", kind: "number", step: 1, required: true },
  { name: "active", label: "Active (its PINs are served)", kind: "checkbox" },
];

export const GST_FIELDS: readonly FormFieldSpec[] = [
  { name: "hsn_prefix", label: "HSN prefix", kind: "text", required: true, hint: "2 to 8 digits; the longest prefix of a product's HSN code decides." },
  { name: "max_taxable_value", label: "Band: up to (₹ taxable value of one piece)", kind: "number", step: 0.01, emptyIsNull: true, hint: "Empty: no bound (the band above the others)." },
  { name: "rate_percent", label: "Rate (%)", kind: "number", step: 1, required: true, hint: "Slabs since 22 Sep 2025: 0, 5, 18, 40." },
  { name: "effective_from", label: "In force from", kind: "date", required: true },
  { name: "note", label: "Note", kind: "text", emptyIsNull: true, wide: true },
];
