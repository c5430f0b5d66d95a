import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { GrievanceTimerBadge } from "@/components/admin/grievances";
import { GrievanceStatusForm, NoteForm } from "@/components/admin/PeopleForms";
import { Badge, Facts, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getGrievance, GRIEVANCE_MESSAGES, type GrievanceDetail } from "@/lib/content";
import { GRIEVANCE_STATUS_LABELS, grievanceIdParam } from "@/lib/content/grievance-rules";
import { ApiError } from "@/lib/platform/errors";
import { grievanceNoteAction, grievanceStatusAction } from "../actions";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Grievance" };

const TONE = { open: "amber", acknowledged: "blue", resolved: "green" } as const;

/**
 * /admin/grievances/[id] (inbox:read): the complaint as filed (shown as text), its timers, and the
 * desk's notes and replies. With inbox:update: acknowledge, resolve (the resolution mailed), a
 * note, or a reply mailed to the complainant.
 */
export default async function GrievancePage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/grievances/${encodeURIComponent(raw)}`, "inbox", "read");
  const parsed = grievanceIdParam.safeParse({ id: raw });
  if (!parsed.success) notFound();
  let g: GrievanceDetail;
  try {
    g = await getGrievance(parsed.data.id);
  } catch (error) {
    if (error instanceof ApiError && error.message === GRIEVANCE_MESSAGES.notFound) notFound();
    throw error;
  }
  const mayUpdate = can(staff, "inbox", "update");
  const order = g.order_code ? (g.order_id !== null && can(staff, "order", "read") ? <Link href={`/admin/orders/${g.order_id}`} className="font-mono underline underline-offset-2">{g.order_code}</Link> : <span className="font-mono">{g.order_code}{g.order_id === null ? " (no such order)" : ""}</span>) : "—";
  const customer = g.user_id !== null && can(staff, "customer", "read") ? <Link href={`/admin/customers/${g.user_id}`} className="underline underline-offset-2">their account</Link> : null;
  return (
    <>
      <PageHeader
        title={`Grievance ${g.ticket}`}
        intro={
          <>
            <Badge tone={TONE[g.status]}>{GRIEVANCE_STATUS_LABELS[g.status]}</Badge> · filed {formatDateTime(g.created_at)}
          </>
        }
      />
      <Section title="Timers">
        <Facts
          items={[
            ["Acknowledge (48 hours)", <GrievanceTimerBadge key="a" timer={g.timers.acknowledge} />],
            ["Resolve (30 days)", <GrievanceTimerBadge key="r" timer={g.timers.resolve} />],
            ["Acknowledged", g.acknowledged_at ? `${formatDateTime(g.acknowledged_at)} by ${g.acknowledged_by?.name ?? "—"}` : "Not yet"],
            ["Resolved", g.resolved_at ? `${formatDateTime(g.resolved_at)} by ${g.resolved_by?.name ?? "—"}` : "Not yet"],
          ]}
        />
      </Section>
      <Section title="The complaint">
        <Facts
          items={[
            ["Name", g.name],
            ["Email", <span key="e" className="break-all">{g.email}</span>],
            ["Phone", g.phone ?? "—"],
            ["Order", order],
            ["Account", customer ?? (g.user_id !== null ? "Signed in when filing" : "Filed without signing in")],
          ]}
        />
        <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-slate-200 ring-inset" role="region" aria-label="Complaint">
          {g.message}
        </div>
        {g.resolution ? (
          <div className="mt-4">
            <h3 className="mb-1 text-xs font-medium text-slate-700">Resolution</h3>
            <div className="rounded-md bg-emerald-50 p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-emerald-200 ring-inset">{g.resolution}</div>
          </div>
        ) : null}
      </Section>
      {mayUpdate && g.status !== "resolved" ? (
        <Section title={g.status === "open" ? "Acknowledge or resolve" : "Resolve"}>
          <GrievanceStatusForm id={g.id} status={g.status} action={grievanceStatusAction} />
        </Section>
      ) : null}
      <Section title={`Notes and replies (${g.notes.length})`}>
        {g.notes.length ? (
          <ol className="mb-4 space-y-3" aria-label="Notes and replies">
            {g.notes.map((n) => (
              <li key={n.id}>
                <p className="mb-1 text-xs text-slate-600">
                  {formatDateTime(n.created_at)} · {n.author?.name ?? `Staff #${n.author_id}`} · {n.kind === "reply" ? "mailed to the complainant" : "note"}
                </p>
                <div className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap ring-1 ring-slate-200 ring-inset">{n.body}</div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mb-4 text-sm text-slate-600">Nothing yet.</p>
        )}
        {mayUpdate ? <NoteForm id={g.id} action={grievanceNoteAction} label="Note or reply" replyButton="Mail as a reply" /> : null}
      </Section>
      <p className="text-sm">
        <Link href="/admin/grievances" className="text-slate-800 underline underline-offset-2">
          ← Grievances
        </Link>
      </p>
    </>
  );
}
