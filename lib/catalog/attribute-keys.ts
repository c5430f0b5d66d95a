/**
 * The storefront's filter bar offers every attribute that published products have a value of,
 * each under its own address key (`?material=Cotton`, `?colour=Blue`; docs/decisions/0056). Pure:
 * the filter bar, the listing pages and the search API share these rules.
 */

/** An attribute as a filter: its name in the shop and its key in a listing's address. */
export type AttributeKey = { name: string; key: string };

/**
 * Query parameters a listing's address uses for something else: an attribute whose name slugs to
 * one of these gets `-attribute` after it (an attribute called Price filters by `?price-attribute=`).
 */
export const RESERVED_QUERY_KEYS: ReadonlySet<string> = new Set(["page", "per_page", "price", "availability", "advanced_filters", "sort", "query", "name", "category", "selected_attribute_values", "variant"]);

/** The keys of the shop's first attributes, as they always were (shared links keep working). */
export const FIXED_ATTRIBUTE_KEYS: readonly AttributeKey[] = [
  { name: "Material", key: "material" },
  { name: "Size", key: "size" },
  { name: "Assembly", key: "assembly" },
];

/**
 * The slug of an attribute's name: lowercase words joined by hyphens, Latin accents dropped,
 * letters of other scripts kept ("Colour" → colour, "Pile height" → pile-height, "Façade" → facade).
 * Empty when the name has no letter or digit.
 */
export function attributeKeySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * The address key of each attribute, in the order given: the slug of its name; `-attribute` after
 * a reserved key; `attribute-{id}` for a name without letters or digits; and when two names slug
 * alike ("Pile height", "Pile-height") the older attribute (lower id) keeps the slug and the other
 * gets `-{id}` after it. Material, Size and Assembly come first, so their keys never change.
 */
export function attributeKeys(attributes: readonly { id: number; name: string }[]): AttributeKey[] {
  const fixed = (name: string) => FIXED_ATTRIBUTE_KEYS.findIndex((f) => f.name === name);
  const priority = [...attributes].sort((a, b) => {
    const fa = fixed(a.name);
    const fb = fixed(b.name);
    if (fa !== fb) return (fa < 0 ? Infinity : fa) - (fb < 0 ? Infinity : fb);
    return a.id - b.id;
  });
  const taken = new Set<string>();
  const keyOf = new Map<number, string>();
  for (const a of priority) {
    let key = attributeKeySlug(a.name);
    if (!key) key = `attribute-${a.id}`;
    else if (RESERVED_QUERY_KEYS.has(key)) key = `${key}-attribute`;
    if (taken.has(key)) key = `${key}-${a.id}`;
    taken.add(key);
    keyOf.set(a.id, key);
  }
  return attributes.map((a) => ({ name: a.name, key: keyOf.get(a.id) as string }));
}
