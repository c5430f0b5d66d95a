import "server-only";
import { type MovedProduct, productRefreshEvent } from "@/lib/catalog";
import type { Db, DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { dispatchCommitted, outbox, type OutboxEvent } from "@/lib/platform/outbox";
import type { OrderMailFacts } from "../mail-facts";
import type { OrderMailKind } from "../status";
import { orderMail } from "./order-mail";

/**
 * What a change of an order asks for once it has committed: the customer's mails and the refresh
 * of the pages of the products whose stock moved. applyTransition (./transition.ts) collects them
 * while the transaction runs; before it commits they are written to the transactional outbox
 * (lib/platform/outbox, docs/architecture.md "After commit"), so they exist exactly when the
 * change does, and after it commits the outbox delivers them, each once, retried when it fails.
 */
export type AfterCommit = {
  mails: { orderId: number; kind: OrderMailKind; facts?: OrderMailFacts }[];
  products: MovedProduct[];
  /** Other outbox events. */
  events?: OutboxEvent[];
  /** Staff notices the transaction wrote to the outbox itself (./staff-notices.ts): delivered after it too. */
  notices?: number;
};

export const afterCommit = (): AfterCommit => ({ mails: [], products: [], events: [] });

/** What a transaction wrote to the outbox: whether anything, and the events to deliver before the answer. */
export type Committed = { written: boolean; deliverNow: number[] };

/**
 * Writes what `after` collected as outbox events in the transaction. The refresh of the products'
 * pages is delivered before the request answers (the customer's next click must see the stock);
 * the mails after it.
 */
export async function writeAfterCommit(trx: Db, after: AfterCommit): Promise<Committed> {
  const committed: Committed = { written: (after.notices ?? 0) > 0, deliverNow: [] };
  for (const { orderId, kind, facts } of after.mails) {
    if ((await outbox.add(trx, orderMail(orderId, kind, facts))) !== null) committed.written = true;
  }
  for (const event of after.events ?? []) {
    if ((await outbox.add(trx, event)) !== null) committed.written = true;
  }
  const refresh = productRefreshEvent(after.products);
  const refreshId = refresh ? await outbox.add(trx, refresh) : null;
  if (refreshId !== null) committed.deliverNow.push(refreshId);
  committed.written ||= refreshId !== null;
  return committed;
}

/** After the commit: the outbox delivers what the transaction wrote (see writeAfterCommit). */
export async function deliverAfterCommit(committed: Committed): Promise<void> {
  if (committed.written) await dispatchCommitted(committed.deliverNow);
}

/**
 * One write transaction of an order path: `work` gets the transaction and a fresh collector, what
 * it collected is written to the outbox before the commit, and delivered after it (never when the
 * transaction rolled back).
 */
export async function orderTransaction<T>(handle: DbHandle, work: (trx: Db, after: AfterCommit) => Promise<T>): Promise<T> {
  let committed: Committed = { written: false, deliverNow: [] };
  const result = await writeTransaction(handle, async (trx) => {
    const after = afterCommit();
    const value = await work(trx, after);
    committed = await writeAfterCommit(trx, after);
    return value;
  });
  await deliverAfterCommit(committed);
  return result;
}
