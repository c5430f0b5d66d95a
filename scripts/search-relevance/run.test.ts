import { describe, expect, it } from "vitest";
import { runRelevance } from "./run";

describe("the judged search set (npm run search:relevance)", () => {
  it("meets issue 26's targets on the demo catalog: success@3 at least 0.9, every best product on the first page, nothing offered for a miss", async () => {
    const run = await runRelevance("sqlite");
    const { overall, bestMissing } = run.summary;
    expect(bestMissing.map((r) => r.query)).toEqual([]);
    expect(overall.successAt3).toBeGreaterThanOrEqual(0.9);
    expect(overall.ndcgAt10 ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(run.results.filter((r) => r.group === "miss" && r.total > 0).map((r) => r.query)).toEqual([]);
  }, 120_000);
});
