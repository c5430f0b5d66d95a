import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/admin/format";
import { INBOX_STATUS_TONE, senderName } from "@/components/admin/inbox";
import { AssignToMeForm, InboxNoteForm, InboxReplyForm, InboxStateForm } from "@/components/admin/InboxForms";
import { Badge, Facts, PageHeader, Section } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { getInboxItem, INBOX_MESSAGES, type InboxItemDetail, type InboxPerson, listInboxAssignees } from "@/lib/content";
import { defaultReplySubject, INBOX_KIND_LABELS, INBOX_STATUS_LABELS, inboxIdParam } from "@/lib/content/inbox-schemas";
import { ApiError } from "@/lib/platform/errors";
import { addNoteAction, replyAction, updateInboxAction } from "../actions";

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Inbox item" };

/** Text as the shopper (or a staff member) typed it: React text, its line breaks kept by CSS. */
function Typed({ text, label }: { text: string; label?: string }) {
  return (
    <div aria-label={label} role={label ? "region" : undefined} className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900 ring-1 ring-slate-200 ring-inset">
      {text}
    </div>
  );
}

/** Who wrote a note or a reply (a removed account still has its id). */
const byline = (person: InboxPerson | null, id: number, me: number) => (person ? (person.id === me ? `${person.name} (you)` : person.name) : `Staff #${id}`);

/**
 * /admin/inbox/[id] (inbox:read): one enquiry or contact message as the shopper sent it — shown as
 * text, never as HTML — with its status, assignee, replies and notes. With inbox:update: status and
 * assignee controls, "Assign to me", a note, and a reply mailed to the shopper.
 */
export default async function InboxItemPage({ params }: Params) {
  const { id: raw } = await params;
  const staff = await requireStaffPage(`/admin/inbox/${encodeURIComponent(raw)}`, "inbox", "read");
  const parsed = inboxIdParam.safeParse({ id: raw });
  if (!parsed.success) notFound();
  let item: InboxItemDetail;
  try {
    item = await getInboxItem(parsed.data.id);
  } catch (error) {
    if (error instanceof ApiError && error.message === INBOX_MESSAGES.notFound) notFound();
    throw error;
  }
  const mayUpdate = can(staff, "inbox", "update");
  const me = staff.user.id;
  const assignees = mayUpdate ? await listInboxAssignees() : [];
  const facts: [string, string][] = [
    ["From", senderName(item)],
    ["Email", item.email],
    ["Phone", item.phone ?? "—"],
  ];
  if (item.subject !== null) facts.push(["Subject", item.subject]);
  facts.push(["Received", formatDateTime(item.created_at)]);
  return (
    <>
      <PageHeader
        title={`${INBOX_KIND_LABELS[item.kind]} #${item.id}`}
        intro={
          <>
            <Badge tone={INBOX_STATUS_TONE[item.status]}>{INBOX_STATUS_LABELS[item.status]}</Badge> · Assigned to {item.assignee ? byline(item.assignee, item.assignee.id, me) : "nobody"} · Received {formatDateTime(item.created_at)}
          </>
        }
      />
      <Section title="What they sent">
        <Facts items={facts} />
        {item.address !== null ? (
          <div className="mt-4">
            <h3 className="mb-1 text-xs font-medium text-slate-700">Address</h3>
            <Typed text={item.address} label="Address" />
          </div>
        ) : null}
        <div className="mt-4">
          <h3 className="mb-1 text-xs font-medium text-slate-700">Message</h3>
          {item.message ? <Typed text={item.message} label="Message" /> : <p className="text-sm text-slate-600">No message.</p>}
        </div>
      </Section>
      {mayUpdate ? (
        <Section title="Status and assignee" actions={<AssignToMeForm id={item.id} mine={item.assignee?.id === me} action={updateInboxAction} />}>
          <InboxStateForm id={item.id} status={item.status} statuses={INBOX_STATUS_LABELS} assigneeId={item.assignee?.id ?? null} assignees={assignees.map((a) => ({ id: a.id, name: a.name }))} me={me} action={updateInboxAction} />
        </Section>
      ) : null}
      <Section title={`Replies (${item.replies.length})`}>
        {item.replies.length ? (
          <ol className="mb-4 space-y-4" aria-label="Replies sent">
            {item.replies.map((r) => (
              <li key={r.id}>
                <p className="mb-1 text-xs text-slate-600">
                  {formatDateTime(r.created_at)} · {byline(r.author, r.author_id, me)} to <span className="break-all">{r.to}</span> · <span className="font-medium text-slate-800">{r.subject}</span>
                </p>
                <Typed text={r.body} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No reply yet.</p>
        )}
        {mayUpdate ? <InboxReplyForm id={item.id} to={item.email} defaultSubject={defaultReplySubject(item.kind, item.subject)} action={replyAction} /> : null}
      </Section>
      <Section title={`Notes (${item.notes.length})`}>
        {item.notes.length ? (
          <ol className="mb-4 space-y-3" aria-label="Staff notes">
            {item.notes.map((n) => (
              <li key={n.id}>
                <p className="mb-1 text-xs text-slate-600">
                  {formatDateTime(n.created_at)} · {byline(n.author, n.author_id, me)}
                </p>
                <Typed text={n.body} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No note yet.</p>
        )}
        {mayUpdate ? <InboxNoteForm id={item.id} action={addNoteAction} /> : null}
      </Section>
      {mayUpdate ? null : <p className="mb-4 text-sm text-slate-600">Your role can read the inbox but not change it.</p>}
      <p className="text-sm">
        <Link href="/admin/inbox" className="text-slate-800 underline underline-offset-2">
          ← Inbox
        </Link>
      </p>
    </>
  );
}
