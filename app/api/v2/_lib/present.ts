import type {
  ApiBlog,
  ApiBlogDetail,
  ApiCategory,
  ApiCmsPage,
  ApiProductDetail,
  ApiProductVariant,
  ApiSlider,
  ApiSubcategory,
  ApiWishlistItem,
} from "@/lib/api/types";
import type { CategorySummary, CategoryWithChildren, ProductDetail, ProductOption, ProductVariant } from "@/lib/catalog";
import type { BlogPost, BlogSummary, CmsPage, Slide } from "@/lib/content";
import type { WishlistItem } from "@/lib/cart";

/** Maps service shapes to the API v2 contract: field names as the spec spells them, money in rupees. */
import { rupees } from "@/lib/catalog/search/search-answer";

export { listMeta, meta, productCard, rupees, searchMeta } from "@/lib/catalog/search/search-answer";

export const subcategory = (c: CategorySummary): ApiSubcategory => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  cover_image: c.coverImage,
  description: c.description,
});

export const category = (c: CategoryWithChildren): ApiCategory => ({
  ...subcategory(c),
  subcategories: c.subcategories.map(subcategory),
});

export const slider = (s: Slide): ApiSlider => ({
  id: s.id,
  heading: s.heading,
  subheading: s.subheading,
  photo: s.photo,
  url: s.url,
  link_text: s.linkText,
  button_text: s.buttonText,
});

export const productVariant = (options: ProductOption[], v: ProductVariant): ApiProductVariant => ({
  id: v.id,
  sku: v.sku,
  label: v.label,
  slug: v.slug,
  options: Object.fromEntries(options.map((o, i) => [o.name, v.values[i] ?? ""])),
  main_price: rupees(v.price),
  stroked_price: rupees(v.listPrice),
  discount: String(v.discountPercent),
  stock_quantity: v.stockQuantity,
  availability: v.availability,
  photo: v.photo,
});

export const productDetail = (p: ProductDetail): ApiProductDetail => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  sku: p.sku,
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
  thumbnail_image: p.thumbnail,
  photos: p.photos,
  stroked_price: rupees(p.listPrice),
  main_price: rupees(p.price),
  discount: String(p.discountPercent),
  stock_quantity: p.stockQuantity,
  availability: p.availability,
  currency: "INR",
  short_description: p.shortDescription,
  description: p.description,
  key_features: p.keyFeatures,
  maintenance: p.careInstructions,
  warranty_summary: p.warrantySummary,
  return_policy: p.returnPolicy,
  about_heading: p.about?.heading ?? null,
  about_description: p.about?.description ?? null,
  about_image: p.about?.image ?? null,
  additonal_heading: p.additional?.heading ?? null,
  additonal_description: p.additional?.description ?? null,
  additonal_image: p.additional?.image ?? null,
  category: p.category ? { id: p.category.id, name: p.category.name, slug: p.category.slug } : null,
  attributes: p.attributes,
  options: p.options,
  variants: p.variants.map((v) => productVariant(p.options, v)),
});

export const blog = (b: BlogSummary): ApiBlog => ({
  id: b.id,
  title: b.title,
  slug: b.slug,
  banner: b.banner,
  short_description: b.excerpt,
  author: b.author,
  published_at: b.publishedAt,
  created_at: b.createdAt,
});

export const blogDetail = (b: BlogPost): ApiBlogDetail => ({
  ...blog(b),
  description: b.description,
  meta_title: b.metaTitle,
  meta_description: b.metaDescription,
});

export const cmsPage = (p: CmsPage): ApiCmsPage => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  short_desc: p.shortDesc,
  content: p.content,
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
});

export const wishlistItem = (w: WishlistItem): ApiWishlistItem => ({
  id: w.id,
  product: {
    id: w.product.id,
    slug: w.product.slug,
    name: w.product.name,
    thumbnail_image: w.product.thumbnail,
    base_price: rupees(w.product.price),
    has_variants: w.product.variantCount > 0,
    availability: w.product.availability,
    currency: "INR",
  },
});
