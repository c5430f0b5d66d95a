/**
 * The category tree's pure rules (lib/catalog/server/category-admin.ts applies them; the admin's
 * Categories page draws with them): the storefront shows two levels, categories and their
 * subcategories (the header's menu, a category page's subcategory links, and a category's product
 * list, which takes in its subcategories' products: lib/catalog/server/catalog.ts), so a category
 * goes under a top-level category or at the top, never under itself, under one of its own
 * subcategories, or under a subcategory; and one that has subcategories stays at the top.
 * No server code here: client components may import it.
 */

export type TreeNode = { id: number; parentId: number | null; name: string; sortOrder: number };

/** The deepest the storefront shows: a category (1) and its subcategories (2). */
export const MAX_CATEGORY_DEPTH = 2;

export const CATEGORY_TREE_MESSAGES = {
  underItself: "A category cannot go under itself.",
  underDescendant: (name: string) => `A category cannot go under one of its own subcategories (${name}).`,
  tooDeep: (parent: string) => `${parent} is itself a subcategory: the shop shows two levels, so choose a top-level category or none.`,
  hasChildren: (name: string, n: number) => `${name} has ${n === 1 ? "1 subcategory" : `${n} subcategories`}: a category with subcategories stays at the top (the shop shows two levels). Move its subcategories first.`,
  noParent: "There is no such parent category.",
  first: "It is first among its siblings already.",
  last: "It is last among its siblings already.",
} as const;

/** The ids of a category's descendants, nearest first. */
export function descendantsOf(nodes: readonly TreeNode[], id: number): number[] {
  const out: number[] = [];
  const queue = [id];
  const seen = new Set<number>([id]);
  while (queue.length) {
    const current = queue.shift() as number;
    for (const n of nodes) {
      if (n.parentId === current && !seen.has(n.id)) {
        seen.add(n.id);
        out.push(n.id);
        queue.push(n.id);
      }
    }
  }
  return out;
}

/** How deep a category sits: 1 at the top. A broken chain (a cycle in old data) stops counting. */
export function depthOf(nodes: readonly TreeNode[], id: number): number {
  let depth = 0;
  let current: TreeNode | undefined = nodes.find((n) => n.id === id);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    depth += 1;
    const parentId: number | null = current.parentId;
    current = parentId === null ? undefined : nodes.find((n) => n.id === parentId);
  }
  return depth;
}

/** How many levels a category's subtree spans (1: no subcategories). */
function heightOf(nodes: readonly TreeNode[], id: number, seen = new Set<number>()): number {
  if (seen.has(id)) return 0;
  seen.add(id);
  const children = nodes.filter((n) => n.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(nodes, c.id, seen)));
}

/**
 * Why category `id` (null: a new one) cannot go under `parentId` (null: the top), or null when it
 * can: not under itself or a descendant (a cycle), the parent must exist, and the tree stays
 * within MAX_CATEGORY_DEPTH levels.
 */
export function placementProblem(nodes: readonly TreeNode[], id: number | null, parentId: number | null): string | null {
  if (parentId === null) return null;
  if (id !== null && parentId === id) return CATEGORY_TREE_MESSAGES.underItself;
  const parent = nodes.find((n) => n.id === parentId);
  if (!parent) return CATEGORY_TREE_MESSAGES.noParent;
  if (id !== null && descendantsOf(nodes, id).includes(parentId)) return CATEGORY_TREE_MESSAGES.underDescendant(parent.name);
  const height = id === null ? 1 : heightOf(nodes, id);
  if (depthOf(nodes, parentId) + 1 > MAX_CATEGORY_DEPTH) return CATEGORY_TREE_MESSAGES.tooDeep(parent.name);
  if (depthOf(nodes, parentId) + height > MAX_CATEGORY_DEPTH) {
    const self = nodes.find((n) => n.id === id);
    const children = nodes.filter((n) => n.parentId === id).length;
    return CATEGORY_TREE_MESSAGES.hasChildren(self?.name ?? "This category", children);
  }
  return null;
}

/** A category's siblings (itself among them) in the shop's order: sort order, then id. */
export function siblingsOf<T extends TreeNode>(nodes: readonly T[], parentId: number | null): T[] {
  return nodes.filter((n) => n.parentId === parentId).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/**
 * The ids of a category's siblings after moving it one place up or down, or a message when it
 * cannot go further. The caller writes sort_order 0, 1, 2, … in this order.
 */
export function reorderedSiblings(nodes: readonly TreeNode[], id: number, direction: "up" | "down"): number[] | string {
  const self = nodes.find((n) => n.id === id);
  if (!self) return [];
  const ids = siblingsOf(nodes, self.parentId).map((n) => n.id);
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0) return CATEGORY_TREE_MESSAGES.first;
  if (to >= ids.length) return CATEGORY_TREE_MESSAGES.last;
  [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
  return ids;
}

/** The tree in the order the admin lists it: each category followed by its subcategories, with its depth (1 at the top). */
export function flattenTree<T extends TreeNode>(nodes: readonly T[]): (T & { depth: number })[] {
  const out: (T & { depth: number })[] = [];
  const seen = new Set<number>();
  const walk = (parentId: number | null, depth: number) => {
    for (const n of siblingsOf(nodes, parentId)) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push({ ...n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 1);
  return out;
}

/** The parents a category may be moved under (top-level categories other than itself), for the form's choice. */
export function parentChoices<T extends TreeNode>(nodes: readonly T[], id: number | null): T[] {
  return siblingsOf(nodes, null).filter((n) => placementProblem(nodes, id, n.id) === null);
}

/** A category as the back office shows it (lib/catalog/server/category-admin.ts reads it). */
export type AdminCategory = TreeNode & {
  slug: string;
  description: string | null;
  coverImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Products in this category itself (archived and drafts too). */
  productCount: number;
  /** Its subcategories. */
  childCount: number;
  /** Slugs it had before, each answering a permanent redirect to it. */
  oldSlugs: string[];
  updatedAt: string;
};

/** An attribute as the back office shows it (lib/catalog/server/attribute-admin.ts reads it). */
export type AdminAttribute = {
  id: number;
  name: string;
  sortOrder: number;
  /** One of the shop's first filters (Material, Size, Assembly): it keeps its name, and so its address key. */
  filter: boolean;
  /** Its key in a listing's address when the filter bar offers it (`colour` in ?colour=Blue); a rename changes it. */
  key: string;
  /** Products with at least one of its values. */
  productCount: number;
  values: { id: number; value: string; productCount: number }[];
};
