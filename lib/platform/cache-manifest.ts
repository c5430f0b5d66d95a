/**
 * Every cache tag the store uses, in one place. Reads tag what they return; writes through the
 * service layer revalidate the tags they touch.
 */
export const tags = {
  settings: "settings",
  categories: "categories",
  category: (slug: string) => `category:${slug}`,
  products: "products",
  product: (slug: string) => `product:${slug}`,
  attributes: "attributes",
  sliders: "sliders",
  blogs: "blogs",
  blog: (slug: string) => `blog:${slug}`,
  pages: "pages",
  page: (slug: string) => `page:${slug}`,
  testimonials: "testimonials",
  locations: "locations",
  /** Active delivery zones (the promises of product pages, their JSON-LD and the policy pages). */
  deliveryZones: "delivery-zones",
} as const;
