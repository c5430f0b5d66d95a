import { requireStaff } from "@/lib/accounts";
import { replyToInboxItem } from "@/lib/content";
import { inboxIdParam, inboxReplySchema } from "@/lib/content/inbox-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, parse, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/inbox/{id}/reply {subject?, body}: mails the shopper at the address they gave
 * (through the outbox, after the commit) and logs the reply; a new item becomes answered (inbox:update).
 */
export const POST = handler<{ id: string }>(
  async (request, params) => {
    const staff = await requireStaff(request, "inbox", "update");
    const { id } = parse(inboxIdParam, params);
    const input = await readJson(request, inboxReplySchema);
    const { reply, status } = await replyToInboxItem(staff.actor, id, input);
    return staffAnswer(staff, action(true, `Reply sent to ${reply.to}.`, 201, { reply, status }));
  },
  { personal: true },
);
