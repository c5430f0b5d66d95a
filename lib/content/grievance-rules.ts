import { emailField, optionalPhoneField } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

/**
 * The grievance desk's rules (India's Consumer Protection (E-Commerce) Rules 2020, rule 4(5): the
 * grievance officer acknowledges a complaint within forty-eight hours and redresses it within one
 * month of its receipt, and gives the complainant a ticket number to track it by). Pure (zod
 * only): the public form checks with the same schema as POST /api/v2/grievances, and the admin
 * pages show the same timers the API answers.
 */

/** The grievance officer the site names (rule 4(4)): the settings, or the shop's own contact details where they are not set. */
export type GrievanceOfficer = { name: string; email: string; phone: string; address: string };

export function grievanceOfficer(s: Readonly<Record<string, string | undefined>>): GrievanceOfficer {
  const company = s.company_name || s.website_name || "the shop";
  return {
    name: s.grievance_officer_name || `Grievance Officer, ${company}`,
    email: s.grievance_officer_email || s.contact_email || "",
    phone: s.grievance_officer_phone || s.contact_phone || "",
    address: s.contact_address || "",
  };
}

export const GRIEVANCE_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type GrievanceStatusName = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatusName, string> = { open: "Open", acknowledged: "Acknowledged", resolved: "Resolved" };

/** Rule 4(5)(a): acknowledged within 48 hours. */
export const ACKNOWLEDGE_WITHIN_MS = 48 * 3_600_000;
/**
 * Rule 4(5)(a): redressed within one month from receipt. Counted as 30 days, the shorter reading
 * (a calendar month from the 31st of January would give the desk 28 days in some years and 31 in
 * others; 30 days is never later than any month the rule could mean but February's).
 */
export const RESOLVE_WITHIN_MS = 30 * 24 * 3_600_000;

/** India's time (no daylight saving): the ticket's year is the year in India when it was filed. */
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The ticket number of a grievance: GR-<year filed, India time>-<id, six digits at least>. */
export function grievanceTicket(id: number, createdAt: string): string {
  const year = new Date(Date.parse(createdAt) + IST_OFFSET_MS).getUTCFullYear();
  return `GR-${year}-${String(id).padStart(6, "0")}`;
}

/** The grievance id a ticket number names, or null when it is not one. */
export function ticketId(ticket: string): number | null {
  const m = /^GR-(\d{4})-(\d{6,10})$/i.exec(ticket.trim());
  if (!m) return null;
  const id = Number(m[2]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export type GrievanceTimer = {
  due_at: string;
  /** Done at (acknowledged or resolved), or null while it is still due. */
  done_at: string | null;
  /** Past due and not done, or done after it was due. */
  overdue: boolean;
  /** Milliseconds left (negative once past), while not done; null when done. */
  left_ms: number | null;
};

export type GrievanceTimers = { acknowledge: GrievanceTimer; resolve: GrievanceTimer };

function timer(dueAt: number, doneAt: string | null, now: number): GrievanceTimer {
  const done = doneAt === null ? null : Date.parse(doneAt);
  return {
    due_at: new Date(dueAt).toISOString(),
    done_at: doneAt,
    overdue: done === null ? now > dueAt : done > dueAt,
    left_ms: done === null ? dueAt - now : null,
  };
}

/**
 * The two clocks of a grievance, from its receipt: acknowledge within 48 hours, resolve within 30
 * days. Resolving also answers the acknowledgement (a complaint resolved at once was acknowledged
 * by the resolution).
 */
export function grievanceTimers(g: { created_at: string; acknowledged_at: string | null; resolved_at: string | null }, now: Date = new Date()): GrievanceTimers {
  const filed = Date.parse(g.created_at);
  const at = now.getTime();
  return {
    acknowledge: timer(filed + ACKNOWLEDGE_WITHIN_MS, g.acknowledged_at ?? g.resolved_at, at),
    resolve: timer(filed + RESOLVE_WITHIN_MS, g.resolved_at, at),
  };
}

/** "due in 1 day 4 h", "3 h overdue", "due in 25 min": how a timer reads on the desk. */
export function describeTimer(t: GrievanceTimer): string {
  if (t.left_ms === null) return t.overdue ? "done late" : "done in time";
  const span = Math.abs(t.left_ms);
  const days = Math.floor(span / 86_400_000);
  const hours = Math.floor((span % 86_400_000) / 3_600_000);
  const minutes = Math.floor((span % 3_600_000) / 60_000);
  const parts = days ? [`${days} day${days === 1 ? "" : "s"}`, ...(hours ? [`${hours} h`] : [])] : hours ? [`${hours} h`, ...(minutes ? [`${minutes} min`] : [])] : [`${minutes} min`];
  return t.left_ms < 0 ? `${parts.join(" ")} overdue` : `due in ${parts.join(" ")}`;
}

/** Which state may follow which: the desk acknowledges an open grievance and resolves an open or acknowledged one; resolved is final. */
export const GRIEVANCE_TRANSITIONS: Record<GrievanceStatusName, readonly GrievanceStatusName[]> = {
  open: ["acknowledged", "resolved"],
  acknowledged: ["resolved"],
  resolved: [],
};

export const mayMoveGrievance = (from: GrievanceStatusName, to: GrievanceStatusName) => GRIEVANCE_TRANSITIONS[from].includes(to);

/** C0/C1 controls and bidi overrides, except the line breaks a message keeps. */
const CONTROL_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const text = (label: string, max: number, lines = false) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !(lines ? CONTROL_LINES : CONTROL).test(v), `${label} contains characters that are not allowed.`);

const ORDER_CODE_MESSAGE = "An order code has letters, digits and dashes (as on your order mail), or leave it empty.";

/** POST /api/v2/grievances: the complaint form of /grievances. */
export const grievanceSchema = z.object({
  name: text("Name", 100),
  email: emailField,
  phone: optionalPhoneField,
  order_code: z
    .string({ error: ORDER_CODE_MESSAGE })
    .trim()
    .max(40, ORDER_CODE_MESSAGE)
    .refine((v) => v === "" || /^[A-Za-z0-9-]+$/.test(v), ORDER_CODE_MESSAGE)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  message: text("Your complaint", 5000, true).refine((v) => v.length >= 10, "Tell us a little more (at least 10 characters)."),
});
export type GrievanceInput = z.input<typeof grievanceSchema>;
export type GrievanceFiling = z.output<typeof grievanceSchema>;

export const GRIEVANCES_PER_PAGE = 25;

const PAGE_MESSAGE = "The page must be a whole number from 1.";

/** GET /admin/grievances?status=&overdue=&q=&page=: the desk's list as a URL. */
export const grievanceQuerySchema = z.object({
  status: z.enum(GRIEVANCE_STATUSES, { error: `status must be one of ${GRIEVANCE_STATUSES.join(", ")}.` }).optional(),
  overdue: z.enum(["1"], { error: "overdue is 1 or absent." }).optional(),
  q: z.string().trim().max(100, "Search is too long (at most 100 characters).").optional().transform((v) => (v ? v : undefined)),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: PAGE_MESSAGE })
    .transform(Number)
    .refine((n) => n >= 1, { error: PAGE_MESSAGE })
    .optional()
    .transform((n) => n ?? 1),
});
export type GrievanceQuery = z.output<typeof grievanceQuerySchema>;

export const grievanceIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: "Grievance not found." })
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, { error: "Grievance not found." }),
});

/**
 * PATCH /admin/grievances/{id} {status, message?}: acknowledge (a message to the complainant is
 * optional: a standard acknowledgement is mailed) or resolve (the resolution is required: it is
 * mailed to the complainant and kept).
 */
export const grievanceUpdateSchema = z
  .object({
    status: z.enum(["acknowledged", "resolved"], { error: "status must be acknowledged or resolved." }),
    message: text("Message", 5000, true).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "resolved" && !v.message) ctx.addIssue({ code: "custom", path: ["message"], message: "Write the resolution: it is mailed to the complainant." });
  });
export type GrievanceUpdateInput = z.output<typeof grievanceUpdateSchema>;

/** POST /admin/grievances/{id}/notes {body, reply?}: a note for the desk, or (reply: true) a mail to the complainant. */
export const grievanceNoteSchema = z.object({
  body: text("Note", 5000, true),
  reply: z.boolean({ error: "reply is true or false." }).optional().transform((v) => v ?? false),
});
export type GrievanceNoteInput = z.output<typeof grievanceNoteSchema>;
