/**
 * npm run outbox [-- N] — prints the latest N (default 5) mails the store kept in its mail outbox
 * because no SMTP_URL was set: sign-in codes, reset links and notices, newest last. This is how
 * a shop run locally reads its mail; no web page shows the outbox. Then the state of the
 * after-commit outbox (lib/platform/outbox/): how many deliveries are in each state, and every
 * one not done yet (pending, sending, failed or dead) with its attempts, when it is due again and
 * its last error.
 *
 * npm run outbox -- --retry ID — makes the failed or dead delivery ID due now, with its attempts
 * counted afresh (after the mail server or the address was fixed); a running store sends it
 * within a minute.
 */
import type { DbHandle } from "../lib/platform/db/connection";
import { requeue } from "../lib/platform/outbox/store";
import { runCommand, withDatabase } from "./lib/command";

const USAGE = "Usage: npm run outbox [-- N]        (N: how many of the latest mails, default 5)\n       npm run outbox -- --retry ID   (make a failed or dead delivery due now)";

async function printMails(handle: DbHandle, limit: number): Promise<void> {
  const rows = await handle.db.selectFrom("mail_outbox").select(["to_address", "subject", "text_body", "created_at"]).orderBy("id", "desc").limit(limit).execute();
  if (rows.length === 0) {
    console.log("The mail outbox is empty.");
  } else {
    for (const row of rows.reverse()) {
      console.log(`──── ${row.created_at}\nTo: ${row.to_address}\nSubject: ${row.subject}\n\n${row.text_body}\n`);
    }
  }
}

/** What an event asks for, in a few words: "mail order {orderId: 12, kind: placed}", "cache product:ikat, products". */
function what(kind: string, payload: string): string {
  try {
    const parsed = JSON.parse(payload) as { mail?: string; ref?: Record<string, unknown>; tags?: string[] };
    if (kind === "mail" && parsed.mail) {
      // Addresses are left out: the list is for finding what is stuck, not for reading mail.
      const ref = Object.entries(parsed.ref ?? {})
        .filter(([key]) => key !== "to" && key !== "name" && key !== "newEmail")
        .map(([key, value]) => `${key} ${String(value)}`);
      return `mail ${parsed.mail}${ref.length ? ` (${ref.join(", ")})` : ""}`;
    }
    if (kind === "cache" && parsed.tags) return `cache ${parsed.tags.join(", ")}`;
  } catch {
    // Shown as it is.
  }
  return `${kind} ${payload.slice(0, 80)}`;
}

async function printDeliveries(handle: DbHandle): Promise<void> {
  const counts = await handle.db
    .selectFrom("outbox_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const by = new Map(counts.map((c) => [c.status as string, Number(c.n)]));
  const summary = ["pending", "sending", "failed", "dead", "done"].map((s) => `${by.get(s) ?? 0} ${s}`).join(", ");
  console.log(`──── After-commit deliveries (lib/platform/outbox): ${summary}`);
  const open = await handle.db
    .selectFrom("outbox_deliveries as d")
    .innerJoin("outbox_events as e", "e.id", "d.event_id")
    .select(["d.id", "d.effect", "d.status", "d.attempts", "d.next_attempt_at", "d.claimed_until", "d.last_error", "e.kind", "e.payload", "e.created_at"])
    .where("d.status", "!=", "done")
    .orderBy("d.id")
    .limit(50)
    .execute();
  for (const d of open) {
    const when = d.status === "sending" ? `claimed until ${d.claimed_until}` : d.status === "dead" ? "given up" : `due ${d.next_attempt_at}`;
    console.log(`#${d.id} ${d.status} ${what(d.kind, d.payload)} → ${d.effect}: ${d.attempts} attempt(s), ${when}, written ${d.created_at}${d.last_error ? `\n    last error: ${d.last_error}` : ""}`);
  }
  if (open.length === 50) console.log("(the first 50 shown)");
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  return withDatabase(async (handle) => {
    if (args[0] === "--retry") {
      const id = Number(args[1]);
      if (!Number.isInteger(id) || id < 1 || args.length !== 2) {
        console.error(USAGE);
        return 2;
      }
      if (!(await requeue(handle.db, id, new Date()))) {
        console.error(`Delivery ${id} is not failed or dead (npm run outbox lists them).`);
        return 1;
      }
      console.log(`Delivery ${id} is due now; a running store delivers it within a minute.`);
      return 0;
    }
    const arg = args[0];
    if (args.length > 1 || (arg !== undefined && !/^\d{1,3}$/.test(arg))) {
      console.error(USAGE);
      return 2;
    }
    await printMails(handle, Math.max(1, Number(arg ?? 5)));
    await printDeliveries(handle);
    return 0;
  });
}

runCommand(main);
