/**
 * The client's address as rate limits see it.
 *
 * The store's request guard (lib/platform/request-guard.ts) always appends the address of the peer
 * the server accepted the connection from to X-Forwarded-For, after whatever the peer sent (Next
 * itself only sets the header when it is missing). With TRUSTED_PROXIES=n (nginx
 * or a load balancer in front, each appending its own peer), the client is the entry n places
 * before that last one; everything further left was written by the client and is never trusted.
 * IPv6 addresses count per /64, the block one subscriber usually holds.
 */
export function clientIp(forwardedFor: string | null, trustedProxies: number): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (hops.length === 0) return "unknown";
  const index = Math.max(0, hops.length - 1 - trustedProxies);
  return networkOf(hops[index] as string);
}

/** IPv4 as is (IPv4-mapped IPv6 unwrapped); IPv6 reduced to its /64 prefix. */
export function networkOf(address: string): string {
  // "[v6]:port", "v4:port" (some proxies add the port), zone ids: the address alone.
  const bare = address
    .replace(/^\[|\](:\d+)?$/g, "")
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1")
    .replace(/%.*$/, "")
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1] as string;
  if (!bare.includes(":")) return bare;
  const [head = "", tail = ""] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = bare.includes("::") && tail ? tail.split(":") : [];
  const groups = bare.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || "0").replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
