import "server-only";
import { type MovedProduct, refreshProducts } from "@/lib/catalog";
import { log } from "@/lib/platform/log";
import type { OrderMailKind } from "../status";
import { sendOrderMail } from "./order-mail";

/**
 * What a committed change of an order leaves to do outside its transaction: the customer's mails
 * and the refresh of the pages of the products whose stock moved. applyTransition
 * (./transition.ts) collects them while the transaction runs; each path calls runAfterCommit once,
 * right after its transaction commits, and never when it rolled back.
 *
 * The transactional outbox (issue 23, point 2) replaces runAfterCommit: the same effects become
 * events written inside the transaction and delivered by its dispatcher.
 */
export type AfterCommit = { mails: { orderId: number; kind: OrderMailKind }[]; products: MovedProduct[] };

export const afterCommit = (): AfterCommit => ({ mails: [], products: [] });

/** Runs what `after` holds: product pages refreshed now, mails sent without holding the caller (a failure is logged). */
export function runAfterCommit(after: AfterCommit): void {
  refreshProducts(after.products);
  for (const { orderId, kind } of after.mails) {
    void sendOrderMail(orderId, kind).catch((error: unknown) => log.error({ err: error, orderId, kind }, "order mail failed"));
  }
}
