import { z } from "@/lib/platform/zod";

/**
 * The back office's customers (docs/back-office.md "Customers", docs/api-v2.md "Admin:
 * customers"): the list's query and the actions' payloads. Pure (zod only): the admin pages read
 * their URLs and check their forms with the same rules; the server answers 422 per field.
 */

export const CUSTOMER_SORTS = ["newest", "oldest", "name", "orders", "spend", "last_order"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = { newest: "Newest account", oldest: "Oldest account", name: "Name", orders: "Most orders", spend: "Highest spend", last_order: "Latest order" };

export const CUSTOMER_STATES = ["active", "blocked", "unconfirmed"] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];
export const CUSTOMER_STATE_LABELS: Record<CustomerState, string> = { active: "Can sign in", blocked: "Blocked", unconfirmed: "Email not confirmed" };

export const CUSTOMERS_PER_PAGE = 25;

const PAGE_MESSAGE = "The page must be a whole number from 1.";

/** GET /admin/customers?q=&state=&sort=&page=: q searches name, email and phone. */
export const customerQuerySchema = z.object({
  q: z.string().trim().max(100, "Search is too long (at most 100 characters).").optional().transform((v) => (v ? v : undefined)),
  state: z.enum(CUSTOMER_STATES, { error: `state must be one of ${CUSTOMER_STATES.join(", ")}.` }).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(", ")}.` }).optional().transform((v) => v ?? "newest"),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: PAGE_MESSAGE })
    .transform(Number)
    .refine((n) => n >= 1, { error: PAGE_MESSAGE })
    .optional()
    .transform((n) => n ?? 1),
});
export type CustomerQuery = z.output<typeof customerQuerySchema>;

export const customerIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: "Customer not found." })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: "Customer not found." }),
});

const CONTROL_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const staffText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !CONTROL_LINES.test(v), `${label} contains characters that are not allowed.`);

/** POST /admin/customers/{id}/notes {body} */
export const customerNoteSchema = z.object({ body: staffText("Note", 5000) });
export type CustomerNoteInput = z.output<typeof customerNoteSchema>;

/** POST /admin/customers/{id}/block {blocked, reason?}: a reason is required to block (it is kept with the account and in the audit log). */
export const customerBlockSchema = z
  .object({
    blocked: z.boolean({ error: "blocked is true (block sign-in) or false (allow it again)." }),
    reason: staffText("Reason", 500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.blocked && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why the customer is blocked." });
  });
export type CustomerBlockInput = z.output<typeof customerBlockSchema>;

/** POST /admin/customers/{id}/erase {confirm}: the customer's email typed again, so an erasure is never one stray click. */
export const customerEraseSchema = z.object({
  confirm: z.string({ error: "Type the customer's email address to confirm." }).trim().min(1, "Type the customer's email address to confirm.").max(254, "Type the customer's email address to confirm."),
});
export type CustomerEraseInput = z.output<typeof customerEraseSchema>;
