import { describe, expect, it } from "vitest";
import { requestIdOf, requestLog } from "./log";

describe("request ids in the log", () => {
  it("takes nginx's X-Request-Id from fetch or Node headers", () => {
    expect(requestIdOf(new Headers({ "X-Request-Id": "5f2b9c0e4d1a7b3c8e6f0a1b2c3d4e5f" }))).toBe("5f2b9c0e4d1a7b3c8e6f0a1b2c3d4e5f");
    expect(requestIdOf({ "x-request-id": ["abc-123", "other"] })).toBe("abc-123");
    expect(requestIdOf(new Headers())).toBeNull();
  });

  it("ignores an id that could forge log lines or flood them", () => {
    expect(requestIdOf(new Headers({ "X-Request-Id": 'a"}\u0085{"level":"fatal' }))).toBeNull();
    expect(requestIdOf({ "x-request-id": "a b" })).toBeNull();
    expect(requestIdOf({ "x-request-id": "x".repeat(129) })).toBeNull();
  });

  it("puts the id on every line about the request as reqId", () => {
    const child = requestLog(new Headers({ "X-Request-Id": "req-42" }));
    expect(child.bindings()).toMatchObject({ reqId: "req-42" });
    expect(requestLog(new Headers()).bindings()).not.toHaveProperty("reqId");
  });
});
