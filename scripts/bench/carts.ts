/**
 * The cart endpoints a shopper's browser calls, POST /carts/add and POST /cart-count, against GET
 * /ping on the same server (requests per second; target ≥ 0.5 each, no errors), with the traffic
 * of many shoppers: BENCH_CARTS distinct guest carts, each request another cart's cookie, adds
 * spread over every product that can take them. Every run starts with the guest carts empty, and
 * each gets its first line before the rounds.
 */
import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DbHandle } from "../../lib/platform/db/connection";
import { load, merge, roundRatios, roundsText, WRK_DONE, type Report, type Run, type Traffic } from "./load";
import { BASE, CONNECTIONS, ROUND_SECONDS } from "./settings";

const TARGET = 0.5;
/** Distinct guest carts of the cart runs; every run starts them empty. */
const CARTS = Number(process.env.BENCH_CARTS ?? 2000);

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** `length` random letters and digits. */
export const randomLettersAndDigits = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
/** A guest cart id as the browser makes it (lib/cart/client/cart.ts): "guest_" plus 9 letters or digits. */
const newGuestId = () => `guest_${randomLettersAndDigits(9)}`;

/**
 * Shoppers' cart requests: each request carries the next guest cart's cookie (BENCH_CART_FILE,
 * one guest id a line; wrk's two threads start half the list apart), and an add names a random
 * product of BENCH_PRODUCT_FILE. BENCH_CART_MODE: "add" (POST /carts/add) or "count" (POST /cart-count).
 */
const CART_SCRIPT = `
local carts, products = {}, {}
for line in io.lines(os.getenv("BENCH_CART_FILE")) do carts[#carts + 1] = line end
for line in io.lines(os.getenv("BENCH_PRODUCT_FILE")) do products[#products + 1] = line end
local mode = os.getenv("BENCH_CART_MODE")
local threads = 0
setup = function(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local i, headers
init = function(args)
  math.randomseed(os.time() * 1000 + tid)
  i = tid * math.floor(#carts / 2)
  headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["Content-Type"] = "application/json"
  headers["X-Requested-With"] = "XMLHttpRequest"
end
request = function()
  i = i + 1
  headers["Cookie"] = "guest_id=" .. carts[(i % #carts) + 1]
  if mode == "add" then
    return wrk.format("POST", "/api/v2/carts/add", headers, '{"id":' .. products[math.random(#products)] .. ',"variant":"","quantity":1}')
  end
  return wrk.format("POST", "/api/v2/cart-count", headers, "{}")
end
${WRK_DONE}`;

function cartTraffic(mode: "add" | "count", guestIds: string[], productIds: number[], files: { carts: string; products: string }): Traffic {
  return {
    lua: CART_SCRIPT,
    env: { BENCH_CART_FILE: files.carts, BENCH_PRODUCT_FILE: files.products, BENCH_CART_MODE: mode },
    request: (i) => ({
      path: mode === "add" ? "/api/v2/carts/add" : "/api/v2/cart-count",
      init: {
        method: "POST",
        headers: { Cookie: `guest_id=${guestIds[i % guestIds.length]}`, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: mode === "add" ? JSON.stringify({ id: productIds[randomInt(productIds.length)], variant: "", quantity: 1 }) : "{}",
      },
    }),
  };
}

/**
 * In the bench database: the products an add can always take (made to order, or stocked deep
 * enough that no line of a run comes near its cap: a run adds a handful of units per product at
 * most), and no guest carts left from earlier runs, so carts never fill up over repeated runs.
 */
export async function prepareCartData(handle: DbHandle): Promise<number[]> {
  const { db } = handle;
  const buyable = await db
    .selectFrom("products")
    .select("id")
    .where("published", "=", 1)
    // carts/add with no variant: products sold by variant need one.
    .where("variant_count", "=", 0)
    .where((eb) => eb.or([eb("availability", "=", "made_to_order"), eb.and([eb("availability", "=", "in_stock"), eb("stock_quantity", ">=", 100)])]))
    .orderBy("id")
    .execute();
  await db.deleteFrom("cart_lines").where("cart_id", "in", db.selectFrom("carts").select("id").where("guest_id", "is not", null)).execute();
  await db.deleteFrom("carts").where("guest_id", "is not", null).execute();
  return buyable.map((r) => r.id);
}

/** `productIds` from prepareCartData; the guest ids and the product list go to files in `dataDir` for wrk. */
export function cartsBench(productIds: number[], systemKey: Record<string, string>, dataDir: string) {
  const guestIds = Array.from(new Set(Array.from({ length: CARTS * 2 }, newGuestId))).slice(0, CARTS);
  const files = { carts: path.join(dataDir, "carts.txt"), products: path.join(dataDir, "products.txt") };
  fs.writeFileSync(files.carts, `${guestIds.join("\n")}\n`);
  fs.writeFileSync(files.products, `${productIds.join("\n")}\n`);
  const addTraffic = cartTraffic("add", guestIds, productIds, files);
  const countTraffic = cartTraffic("count", guestIds, productIds, files);
  const runs = { add: [] as Run[], count: [] as Run[] };
  let prefillErrors = 0;
  return {
    /** The line above the table: what the carts are. */
    about: `carts: ${guestIds.length} guest carts (a cookie each, one after another), adds of 1 unit of a random one of ${productIds.length} products`,
    /**
     * Every cart gets its first line before the rounds (as a shopper's first Add to Cart makes
     * it), so cart-count always reads a cart with lines; this also warms the cart routes up.
     */
    async warmUp() {
      let nextCart = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (nextCart < guestIds.length) {
            const { path: target, init } = addTraffic.request(nextCart++);
            const res = await fetch(`${BASE}${target}`, { ...init, headers: { ...systemKey, ...(init?.headers as Record<string, string>) } });
            await res.arrayBuffer();
            if (res.status !== 200) prefillErrors++;
          }
        }),
      );
      if (prefillErrors) console.log(`Warning: ${prefillErrors} of ${guestIds.length} first adds failed.`);
    },
    async round() {
      runs.add.push(await load(BASE, addTraffic, systemKey, ROUND_SECONDS));
      runs.count.push(await load(BASE, countTraffic, systemKey, ROUND_SECONDS));
    },
    /** Against `ping`, the ping runs of the same rounds. */
    report(ping: Run[]): Report {
      const addRun = merge(runs.add);
      const countRun = merge(runs.count);
      const addRatio = roundRatios(runs.add, ping);
      const countRatio = roundRatios(runs.count, ping);
      const addOk = addRatio.ratio >= TARGET && addRun.errors === 0;
      const countOk = countRatio.ratio >= TARGET && countRun.errors === 0;
      return {
        rows: [
          [`POST carts/add (${guestIds.length} carts)`, addRun],
          [`POST cart-count (${guestIds.length} carts)`, countRun],
        ],
        lines: [
          `carts/add / ping: ${addRatio.ratio.toFixed(2)} (${roundsText(addRatio)}), ${addRun.errors} errors (target ≥ ${TARGET.toFixed(2)}, no errors) ${addOk ? "OK" : "BELOW TARGET"}`,
          `cart-count / ping: ${countRatio.ratio.toFixed(2)} (${roundsText(countRatio)}), ${countRun.errors} errors (target ≥ ${TARGET.toFixed(2)}, no errors) ${countOk ? "OK" : "BELOW TARGET"}`,
        ],
        ok: addOk && countOk,
        // The ping run is recorded here, where it has always been in latest.json (its baseline).
        json: {
          carts: { guestCarts: guestIds.length, products: productIds.length, prefillErrors },
          ping: merge(ping),
          cartAdd: addRun,
          cartCount: countRun,
          cartAddRatio: addRatio,
          cartCountRatio: countRatio,
        },
      };
    },
  };
}
