import { describe, expect, it } from "vitest";
import { pageCsp, SITE_CSP } from "./csp";

describe("Content-Security-Policy", () => {
  it("every page: no framing by others, no plugins, no <base>, forms post here", () => {
    for (const d of ["frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(SITE_CSP).toContain(d);
  });
  it("per-request pages: scripts only with the nonce, no inline or eval in production", () => {
    const csp = pageCsp("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(pageCsp("abc123", true)).toContain("'unsafe-eval'");
  });
  it("Razorpay's checkout only where asked (the checkout page): its script, frame, calls and redirect post", () => {
    expect(pageCsp("abc123")).not.toContain("razorpay");
    const csp = pageCsp("abc123", false, { razorpay: true });
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic' https://checkout.razorpay.com");
    expect(csp).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.razorpay\.com/);
    expect(csp).toMatch(/form-action 'self' https:\/\/api\.razorpay\.com/);
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
