import { z } from "@/lib/platform/zod";

/**
 * The inbox's payloads and list filters (docs/api-v2.md "Admin: inbox and subscribers"): what
 * shoppers sent through the enquiry and contact forms, with the staff's status, assignee, notes
 * and replies. Pure (zod only): the admin pages check their forms and read their URLs with the
 * same rules; the server answers 422 with a message per field.
 */

export const INBOX_STATUSES = ["new", "in_progress", "answered", "closed"] as const;
export type InboxStatusName = (typeof INBOX_STATUSES)[number];
/** The labels the admin shows for each status. */
export const INBOX_STATUS_LABELS: Record<InboxStatusName, string> = { new: "New", in_progress: "In progress", answered: "Answered", closed: "Closed" };

/** contact: the contact page; the others are enquiry kinds (services: enquiries from the old site). */
export const INBOX_KINDS = ["contact", "gifting", "bulk_deals", "corporate", "services"] as const;
export type InboxKindName = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<InboxKindName, string> = { contact: "Contact message", gifting: "Gifting enquiry", bulk_deals: "Bulk deal enquiry", corporate: "Corporate enquiry", services: "Services enquiry" };

/** A reply's subject when staff give none: "Re:" the contact message's subject, or the kind. */
export function defaultReplySubject(kind: InboxKindName, subject: string | null): string {
  if (subject?.trim()) return `Re: ${subject.trim()}`.slice(0, 200);
  return kind === "contact" ? "Re: your message" : `Re: your ${INBOX_KIND_LABELS[kind].toLowerCase()}`;
}

export const INBOX_PER_PAGE = 25;
export const SUBSCRIBERS_PER_PAGE = 50;

/** C0/C1 controls and bidi overrides, except the line breaks a note or mail keeps. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const staffText = (label: string, max: number, options: { lines?: boolean } = {}) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !(options.lines ? CONTROL : /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/).test(v), `${label} contains characters that are not allowed.`);

const PAGE_MESSAGE = "The page must be a whole number from 1.";
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, { error: PAGE_MESSAGE })
  .transform(Number)
  .refine((n) => n >= 1, { error: PAGE_MESSAGE })
  .optional()
  .transform((n) => n ?? 1);

const searchParam = z.string().trim().max(100, "Search is too long (at most 100 characters).").optional().transform((v) => (v ? v : undefined));

const ASSIGNEE_MESSAGE = "assignee is a staff member's id, me or none.";

/**
 * GET /admin/inbox?kind=&status=&assignee=&q=&page=: the list's state as plain query parameters,
 * so a filtered list is a URL. assignee: a staff id, "me" (the caller) or "none" (unassigned); q
 * searches name, email and phone.
 */
export const inboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS, { error: `kind must be one of ${INBOX_KINDS.join(", ")}.` }).optional(),
  status: z.enum(INBOX_STATUSES, { error: `status must be one of ${INBOX_STATUSES.join(", ")}.` }).optional(),
  assignee: z
    .string()
    .regex(/^(\d{1,10}|me|none)$/, ASSIGNEE_MESSAGE)
    .transform((v) => (v === "me" || v === "none" ? v : Number(v)))
    .optional(),
  q: searchParam,
  page: pageParam,
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** GET /admin/subscribers?q=&page= (and /export?q=). */
export const subscribersQuerySchema = z.object({ q: searchParam, page: pageParam });
export type SubscribersQuery = z.output<typeof subscribersQuerySchema>;

export const inboxIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: "Inbox item not found." })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: "Inbox item not found." }),
});

/** PATCH /admin/inbox/{id} {status?, assignee_id?}: assignee_id null unassigns. */
export const inboxUpdateSchema = z
  .object({
    status: z.enum(INBOX_STATUSES, { error: `status must be one of ${INBOX_STATUSES.join(", ")}.` }).optional(),
    assignee_id: z
      .number({ error: "assignee_id must be a staff member's id, or null." })
      .int("assignee_id must be a whole number.")
      .min(1, "assignee_id must be a staff member's id, or null.")
      .max(2_147_483_647, "assignee_id must be a staff member's id, or null.")
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === undefined && v.assignee_id === undefined) ctx.addIssue({ code: "custom", path: ["status"], message: "Send a status, an assignee_id, or both." });
  });
export type InboxUpdateInput = z.output<typeof inboxUpdateSchema>;

/** POST /admin/inbox/{id}/notes {body} */
export const inboxNoteSchema = z.object({ body: staffText("Note", 5000, { lines: true }) });
export type InboxNoteInput = z.output<typeof inboxNoteSchema>;

/** POST /admin/inbox/{id}/reply {subject?, body}: the mail goes to the address the shopper gave. */
export const inboxReplySchema = z.object({
  subject: staffText("Subject", 200).optional(),
  body: staffText("Message", 10000, { lines: true }),
});
export type InboxReplyInput = z.output<typeof inboxReplySchema>;
