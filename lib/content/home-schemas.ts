import { z } from "@/lib/platform/zod";
import { hasControlChars } from "@/lib/catalog/options";
import { unknownPlaceholders } from "./faqs";

/**
 * The home page's sliders and testimonials and the FAQ page's questions, as staff change them
 * (lib/content/server/home-admin.ts; /api/v2/admin/content/{kind}): ordered lists, each row shown
 * or hidden (`active`). Pure (zod only), so the admin forms check with the same rules.
 */

export const LIST_KINDS = ["sliders", "testimonials", "faqs"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const LIST_MESSAGES = {
  link: "A page of the shop (/category/curtains) or a web address starting with https://.",
  controlChars: "Cannot contain control characters.",
  rating: "A rating is a whole number of stars from 1 to 5.",
  placeholder: (names: string[]) => `Unknown placeholder${names.length > 1 ? "s" : ""}: ${names.map((n) => `{${n}}`).join(", ")}. Use {return_window_days}, {restocking_fee_percent}, {damage_claim_days}, {refund_business_days}, {warranty_months}, {making}, {ready_dispatch}, {shipping}, {shop_name}, {contact_email} or {contact_phone}.`,
} as const;

const text = (min: number, max: number, what: string) =>
  z
    .string({ error: `${what} is text.` })
    .trim()
    .min(min, min > 0 ? `${what} needs at least ${min} characters.` : "")
    .max(max, `${what} is at most ${max} characters.`)
    .refine((v) => !hasControlChars(v.replace(/[\t\n\r]/g, " ")), LIST_MESSAGES.controlChars);

const clearable = <T extends z.ZodType<string>>(schema: T) => schema.nullable().transform((v) => (v === null || v === "" ? null : v));

const isHttps = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};
const link = z
  .string({ error: LIST_MESSAGES.link })
  .trim()
  .max(500, LIST_MESSAGES.link)
  .refine((v) => v === "" || /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/.test(v) || isHttps(v), LIST_MESSAGES.link);

const active = z.boolean({ error: "active is true or false." });

const sliderFields = {
  heading: text(2, 120, "A heading"),
  subheading: clearable(text(0, 200, "A subheading")),
  url: clearable(link),
  link_text: clearable(text(0, 60, "A link text")),
  button_text: clearable(text(0, 40, "A button text")),
  active,
};
const testimonialFields = {
  name: text(2, 80, "A name"),
  location: clearable(text(0, 80, "A place")),
  quote: text(10, 600, "A quote"),
  rating: z.number({ error: LIST_MESSAGES.rating }).int(LIST_MESSAGES.rating).min(1, LIST_MESSAGES.rating).max(5, LIST_MESSAGES.rating),
  active,
};
const withFacts = (schema: z.ZodType<string>) =>
  schema.superRefine((v, ctx) => {
    const unknown = unknownPlaceholders(v);
    if (unknown.length) ctx.addIssue({ code: "custom", message: LIST_MESSAGES.placeholder(unknown) });
  });
const faqFields = {
  question: withFacts(text(5, 200, "A question")),
  answer: withFacts(text(10, 2000, "An answer")),
  link_href: clearable(link),
  link_label: clearable(text(0, 80, "A link's text")),
  active,
};

const partial = <S extends Record<string, z.ZodType>>(fields: S) => z.strictObject(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as { [K in keyof S]: z.ZodOptional<S[K]> });

export const LIST_SCHEMAS = {
  sliders: {
    create: z.strictObject({ ...sliderFields, subheading: sliderFields.subheading.optional(), url: sliderFields.url.optional(), link_text: sliderFields.link_text.optional(), button_text: sliderFields.button_text.optional(), active: active.optional() }),
    update: partial(sliderFields),
  },
  testimonials: {
    create: z.strictObject({ ...testimonialFields, location: testimonialFields.location.optional(), active: active.optional() }),
    update: partial(testimonialFields),
  },
  faqs: {
    create: z.strictObject({ ...faqFields, link_href: faqFields.link_href.optional(), link_label: faqFields.link_label.optional(), active: active.optional() }),
    update: partial(faqFields),
  },
} as const;

export type ListCreateInput = { [K in ListKind]: z.output<(typeof LIST_SCHEMAS)[K]["create"]> };
export type ListUpdateInput = { [K in ListKind]: z.output<(typeof LIST_SCHEMAS)[K]["update"]> };

export const moveSchema = z.strictObject({ direction: z.enum(["up", "down"], { error: "direction is up or down." }) });

export const listKindParam = z.enum(LIST_KINDS, { error: "Not found." });

/** What each list's rows are called, for messages and the admin pages. */
export const LIST_NAMES: Record<ListKind, { one: string; many: string }> = {
  sliders: { one: "slide", many: "Home page slides" },
  testimonials: { one: "testimonial", many: "Testimonials" },
  faqs: { one: "question", many: "FAQs" },
};

/** A policy page's text (PUT /api/v2/admin/content/policies/{slug}): HTML naming the facts as placeholders, or null for the generated text. */
export const policyTextSchema = z.strictObject({
  body: z
    .string({ error: "body is the page's text (HTML), or null for the generated text." })
    .max(100_000, "At most 100,000 characters.")
    .refine((v) => !v.includes("\u0000"), "Cannot contain NUL characters.")
    .superRefine((v, ctx) => {
      const unknown = unknownPlaceholders(v);
      if (unknown.length) ctx.addIssue({ code: "custom", message: LIST_MESSAGES.placeholder(unknown) });
    })
    .nullable(),
});
