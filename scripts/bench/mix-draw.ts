/**
 * How the back-office benches draw their distinct URLs (./admin-mix.ts, ./admin-orders-mix.ts):
 * each kind's share of `count` exactly (the last kind takes the rounding), in a shuffled order; a
 * path drawn before is drawn again, of the same kind. Throws when `request` cannot give that many.
 */
export function drawDistinct<Kind extends string>(weights: Record<Kind, number>, count: number, random: () => number, request: (kind: Kind) => string, tooFew: (drawn: number) => string): { path: string; kind: Kind }[] {
  const kinds = Object.entries(weights) as [Kind, number][];
  const order: Kind[] = [];
  for (const [i, [kind, weight]] of kinds.entries()) order.push(...Array<Kind>(i === kinds.length - 1 ? count - order.length : Math.round(weight * count)).fill(kind));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as Kind, order[i] as Kind];
  }
  const seen = new Set<string>();
  const out: { path: string; kind: Kind }[] = [];
  for (const kind of order) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const path = request(kind);
      if (seen.has(path)) continue;
      seen.add(path);
      out.push({ path, kind });
      break;
    }
  }
  if (out.length < count) throw new Error(tooFew(out.length));
  return out;
}
