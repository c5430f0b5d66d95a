import "server-only";
import { type MovedProduct, productRefreshEvent } from "@/lib/catalog";
import type { Db, DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { dispatchSoon, outbox } from "@/lib/platform/outbox";
import type { OrderMailKind } from "../status";
import { orderMail } from "./order-mail";

/**
 * What a change of an order asks for once it has committed: the customer's mails and the refresh
 * of the pages of the products whose stock moved. applyTransition (./transition.ts) collects them
 * while the transaction runs; before it commits they are written to the transactional outbox
 * (lib/platform/outbox, docs/architecture.md "After commit"), so they exist exactly when the
 * change does, and after it commits the outbox delivers them, each once, retried when it fails.
 */
export type AfterCommit = { mails: { orderId: number; kind: OrderMailKind }[]; products: MovedProduct[] };

export const afterCommit = (): AfterCommit => ({ mails: [], products: [] });

/** Writes what `after` collected as outbox events in the transaction; answers whether it wrote any. */
export async function writeAfterCommit(trx: Db, after: AfterCommit): Promise<boolean> {
  let written = false;
  for (const { orderId, kind } of after.mails) {
    await outbox.add(trx, orderMail(orderId, kind));
    written = true;
  }
  const refresh = productRefreshEvent(after.products);
  if (refresh) written = (await outbox.add(trx, refresh)) !== null || written;
  return written;
}

/**
 * One write transaction of an order path: `work` gets the transaction and a fresh collector, what
 * it collected is written to the outbox before the commit, and delivered after it (never when the
 * transaction rolled back).
 */
export async function orderTransaction<T>(handle: DbHandle, work: (trx: Db, after: AfterCommit) => Promise<T>): Promise<T> {
  let written = false;
  const result = await writeTransaction(handle, async (trx) => {
    const after = afterCommit();
    const value = await work(trx, after);
    written = await writeAfterCommit(trx, after);
    return value;
  });
  if (written) dispatchSoon();
  return result;
}
