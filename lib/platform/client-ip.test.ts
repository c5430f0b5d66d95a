import { describe, expect, it } from "vitest";
import { clientIp, networkOf } from "./client-ip";

describe("clientIp", () => {
  it("takes the peer the server saw when no proxy is trusted, whatever the client wrote", () => {
    expect(clientIp("203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientIp("1.2.3.4, 203.0.113.9", 0)).toBe("203.0.113.9");
  });
  it("steps over trusted proxies from the right", () => {
    expect(clientIp("6.6.6.6, 198.51.100.7, 10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientIp("198.51.100.7, 10.0.0.3, 10.0.0.2", 2)).toBe("198.51.100.7");
  });
  it("never reads past the left end", () => {
    expect(clientIp("10.0.0.2", 3)).toBe("10.0.0.2");
    expect(clientIp(null, 0)).toBe("unknown");
    expect(clientIp(" , ", 0)).toBe("unknown");
  });
});

describe("networkOf", () => {
  it("keeps IPv4 and unwraps IPv4-mapped addresses", () => {
    expect(networkOf("127.0.0.1")).toBe("127.0.0.1");
    expect(networkOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(networkOf("192.0.2.1:51234")).toBe("192.0.2.1");
    expect(networkOf("[2001:db8:1:2::1]:443")).toBe("2001:db8:1:2::/64");
  });
  it("counts IPv6 per /64", () => {
    expect(networkOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });
});
