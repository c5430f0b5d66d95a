/** Decorative tags shown on every article and in the blog sidebar (fixed, not taken from the post). */
export const ARTICLE_TAGS = ["Home Decor", "Soft Furnishings", "Interiors"] as const;
export const SIDEBAR_TAGS = ["Curtains", "Blinds", "Wallpaper", "Upholstery", "Bedding", "Cushions", "Rugs", "Table Linen", "Bath Linen", "Furniture"] as const;

export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full border border-ink/15 bg-white px-3 py-1 text-xs tracking-wide text-ink/80">
          {tag}
        </li>
      ))}
    </ul>
  );
}
