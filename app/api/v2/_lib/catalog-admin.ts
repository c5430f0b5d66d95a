import type { AdminAttribute, AdminCategory } from "@/lib/catalog/category-tree";
import type { AdminSynonymRule } from "@/lib/catalog";

/** A category as the admin answers show it (GET /api/v2/admin/categories and the changes). */
export const presentAdminCategory = (c: AdminCategory & { depth: number }) => ({
  id: c.id,
  parent_id: c.parentId,
  depth: c.depth,
  name: c.name,
  slug: c.slug,
  description: c.description,
  cover_image: c.coverImage,
  sort_order: c.sortOrder,
  meta_title: c.metaTitle,
  meta_description: c.metaDescription,
  product_count: c.productCount,
  subcategory_count: c.childCount,
  old_slugs: c.oldSlugs,
  updated_at: c.updatedAt,
});

/** An attribute with its values as the admin answers show it. */
export const presentAdminAttribute = (a: AdminAttribute) => ({
  id: a.id,
  name: a.name,
  sort_order: a.sortOrder,
  filter: a.filter,
  query_key: a.key,
  product_count: a.productCount,
  values: a.values.map((v) => ({ id: v.id, value: v.value, product_count: v.productCount })),
});

/** A search synonym rule as the admin answers show it; `two_way` when `means` is empty. */
export const presentSynonymRule = (r: AdminSynonymRule) => ({
  id: r.id,
  words: r.words,
  means: r.means,
  two_way: r.means.length === 0,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});
