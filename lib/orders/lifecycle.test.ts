import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DIAGRAMS,
  type Edge,
  LINE_TRANSITIONS,
  mermaid,
  NOT_REVIVABLE,
  ONLINE_UNPAID,
  ORDER_TRANSITIONS,
  type OrderFacts,
  orderRefusal,
  type OrderTransitionName,
  PAYMENT_TRANSITIONS,
} from "./lifecycle";
import { ORDER_MESSAGES } from "./status";

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({ delivery: "Pending", payment: "Un-Paid", paymentType: "cash_on_delivery", cancelReason: null, couponCode: null, ...over });

describe("the transitions table", () => {
  it("names only line and payment transitions that exist", () => {
    for (const [name, t] of Object.entries(ORDER_TRANSITIONS)) {
      if ("lines" in t) expect(LINE_TRANSITIONS, name).toHaveProperty(t.lines);
      for (const p of "payments" in t ? t.payments : []) expect(PAYMENT_TRANSITIONS, `${name} → ${p}`).toHaveProperty(p);
    }
  });

  it("lets a customer cancel only a Pending, Un-Paid order, with the messages customers read", () => {
    expect(orderRefusal("cancel", facts())).toBeNull();
    expect(orderRefusal("cancel", facts({ delivery: "Cancelled" }))).toBe(ORDER_MESSAGES.alreadyCancelled);
    for (const delivery of ["Confirmed", "Shipped", "Delivered"] as const) expect(orderRefusal("cancel", facts({ delivery }))).toBe(ORDER_MESSAGES.notCancellable);
    expect(orderRefusal("cancel", facts({ payment: "Paid" }))).toBe(ORDER_MESSAGES.notCancellable);
  });

  it("moves an unpaid online order on only by its payment, and the shop may still cancel it", () => {
    const online = facts({ paymentType: "online" });
    for (const name of ["confirm", "ship", "deliver"] as const) expect(orderRefusal(name, online), name).toBe(ONLINE_UNPAID);
    expect(orderRefusal("staff_cancel", online)).toBeNull();
    expect(orderRefusal("pay", online)).toBeNull();
    expect(orderRefusal("pay", facts())).toBe("This order is paid by Cash on Delivery.");
    expect(orderRefusal("ship", facts({ delivery: "Confirmed", payment: "Paid", paymentType: "online" }))).toBeNull();
  });

  it("names the states in a refusal of the shop's moves", () => {
    expect(orderRefusal("confirm", facts({ delivery: "Shipped" }))).toBe("An order that is Shipped cannot be marked Confirmed.");
    expect(orderRefusal("staff_cancel", facts({ delivery: "Delivered", payment: "Paid" }))).toBe("An order that is Delivered cannot be marked Cancelled.");
    expect(orderRefusal("deliver", facts())).toBe("An order that is Pending cannot be marked Delivered.");
    expect(orderRefusal("collect_cash", facts({ delivery: "Delivered" }))).toBeNull();
    expect(orderRefusal("collect_cash", facts({ delivery: "Delivered", paymentType: "online" }))).not.toBeNull();
  });

  it("revives by its payment only an order its deadline cancelled, without a coupon", () => {
    const expired = facts({ delivery: "Cancelled", paymentType: "online", cancelReason: "payment_timeout" });
    expect(orderRefusal("revive", expired)).toBeNull();
    expect(orderRefusal("revive", { ...expired, couponCode: "WELCOME10" })).toBe(NOT_REVIVABLE);
    expect(orderRefusal("revive", { ...expired, cancelReason: "customer" })).toBe(NOT_REVIVABLE);
    expect(orderRefusal("pay_after_cancel", { ...expired, cancelReason: "customer" })).toBeNull();
  });

  it("refunds a cancelled or a delivered order's payment, not one still on its way", () => {
    expect(orderRefusal("refund", facts({ delivery: "Cancelled", payment: "Paid" }))).toBeNull();
    expect(orderRefusal("refund", facts({ delivery: "Delivered", payment: "Paid" }))).toBeNull();
    expect(orderRefusal("refund", facts({ delivery: "Shipped", payment: "Paid" }))).not.toBeNull();
    expect(orderRefusal("refund", facts({ delivery: "Cancelled" }))).not.toBeNull();
  });

  it("lets the right actors act", () => {
    const who = (name: OrderTransitionName) => [...ORDER_TRANSITIONS[name].actors];
    expect(who("cancel")).toEqual(["customer"]);
    expect(who("expire")).toEqual(["system"]);
    expect(who("pay")).toEqual(["provider"]);
    expect(who("staff_cancel")).toEqual(["staff"]);
    expect([...PAYMENT_TRANSITIONS.capture.actors]).toEqual(["provider"]);
    expect([...PAYMENT_TRANSITIONS.fail.actors]).toEqual(["provider"]);
  });
});

/* ---------------------------------------------------------------------------------------------
 * docs/architecture.md draws the table
 * ------------------------------------------------------------------------------------------- */

const DOC = path.resolve(__dirname, "../../docs/architecture.md");

/** The arrows of each `%% lifecycle: …` mermaid diagram of the document's "The order lifecycle" section. */
function documentedEdges(markdown: string): Map<string, Edge[]> {
  const start = markdown.search(/^## The order lifecycle\s*$/m);
  const rest = start < 0 ? "" : markdown.slice(start + 3);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const out = new Map<string, Edge[]>();
  for (const block of section.matchAll(/```mermaid\n([\s\S]*?)```/g)) {
    const name = /%% lifecycle: ([^\n]+)/.exec(block[1]!)?.[1]?.trim();
    if (!name) continue;
    const edges: Edge[] = [];
    for (const m of block[1]!.matchAll(/^\s*(\S+)\s*-->\s*(\S+)\s*:\s*([A-Za-z_]+)/gm)) edges.push({ from: m[1] === "[*]" ? null : m[1]!, to: m[2]!, name: m[3]! });
    out.set(name, edges);
  }
  return out;
}

const key = (e: Edge) => `${e.from ?? "[*]"} --> ${e.to}: ${e.name}`;

/** What the document draws that the table does not have, and what the table has that the document does not draw. */
function diagramMismatches(markdown: string): string[] {
  const documented = documentedEdges(markdown);
  const out: string[] = [];
  for (const [diagram, edgesOf] of Object.entries(DIAGRAMS)) {
    const drawn = documented.get(diagram);
    if (!drawn) {
      out.push(`docs/architecture.md has no "%% lifecycle: ${diagram}" diagram; it should read:\n${mermaid(diagram as keyof typeof DIAGRAMS)}`);
      continue;
    }
    const table = edgesOf();
    const names = new Set(drawn.map((e) => e.name));
    for (const name of new Set(table.map((e) => e.name))) if (!names.has(name)) out.push(`the ${diagram} diagram does not name the transition ${name}`);
    const want = new Set(table.map(key));
    const have = new Set(drawn.map(key));
    for (const k of want) if (!have.has(k)) out.push(`the ${diagram} diagram lacks ${k}`);
    for (const k of have) if (!want.has(k)) out.push(`the ${diagram} diagram draws ${k}, which the table does not allow`);
  }
  return out;
}

describe("docs/architecture.md draws the lifecycle", () => {
  const doc = fs.readFileSync(DOC, "utf8");

  it("names every transition of the table, and draws each of its moves and no other", () => {
    expect(diagramMismatches(doc)).toEqual([]);
  });

  it("would notice a transition the document does not name, and an arrow the table does not have", () => {
    const withoutRevive = doc
      .split("\n")
      .filter((line) => !/-->\s*\S+\s*:\s*revive\b/.test(line))
      .join("\n");
    expect(diagramMismatches(withoutRevive)).toEqual(expect.arrayContaining(["the order diagram does not name the transition revive"]));
    const invented = doc.replace("%% lifecycle: payment\n", "%% lifecycle: payment\n    refunded --> paid: unrefund (staff)\n");
    expect(diagramMismatches(invented)).toEqual(["the payment diagram draws refunded --> paid: unrefund, which the table does not allow"]);
  });
});
