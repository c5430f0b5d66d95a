/**
 * A cached product page against a static page on the same server: requests per second at 20
 * connections, the product traffic spread over 50 products (target ≥ 0.9). Both are warmed up
 * first: the benchmark measures cached serving, not a page's first render.
 */
import { load, merge, pathsTraffic, roundRatios, roundsText, type Report, type Run } from "./load";
import { BASE, ROUNDS, ROUND_SECONDS } from "./settings";

const TARGET = 0.9;
const STATIC_PATH = "/about-us";

/** 50 product pages (URLs on the bench server) spread over the catalog; nginx's figures use the same ones. */
export function productPagePaths(productSlugs: string[]): string[] {
  return productSlugs
    .filter((_, i) => i % Math.ceil(productSlugs.length / 50) === 0)
    .slice(0, 50)
    .map((s) => `${BASE}/products/${s}`);
}

export function pagesBench(productSlugs: string[]) {
  const productPaths = productPagePaths(productSlugs);
  const staticTraffic = pathsTraffic([`${BASE}${STATIC_PATH}`]);
  const productTraffic = pathsTraffic(productPaths);
  const runs = { static: [] as Run[], product: [] as Run[] };
  return {
    async warmUp() {
      // The first visit renders and caches each page.
      for (const p of [`${BASE}${STATIC_PATH}`, ...productPaths]) await fetch(p).then((r) => r.arrayBuffer());
      await load(BASE, staticTraffic, {}, 3);
      await load(BASE, productTraffic, {}, 3);
    },
    async round() {
      runs.static.push(await load(BASE, staticTraffic, {}, ROUND_SECONDS));
      runs.product.push(await load(BASE, productTraffic, {}, ROUND_SECONDS));
    },
    report(): Report {
      const staticRun = merge(runs.static);
      const productRun = merge(runs.product);
      const pageRatio = roundRatios(runs.product, runs.static);
      const ok = pageRatio.ratio >= TARGET;
      return {
        rows: [
          [`static page ${STATIC_PATH}`, staticRun],
          [`product pages (${productPaths.length} products)`, productRun],
        ],
        lines: [`product page / static page: ${pageRatio.ratio.toFixed(2)}, median of ${ROUNDS} rounds (${roundsText(pageRatio)}) (target ≥ ${TARGET.toFixed(2)}) ${ok ? "OK" : "BELOW TARGET"}`],
        ok,
        json: { static: staticRun, product: productRun, ratio: pageRatio.ratio, roundRatios: pageRatio.rounds },
      };
    },
  };
}
