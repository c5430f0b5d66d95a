import "server-only";

/**
 * Catalog: categories, products and their photos, listing filters and search (with SQLite's search
 * index), recently viewed products, the merchant's product edits, and stock as a ledger of movements
 * (./server/stock.ts: every path that moves stock goes through moveStock).
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure modules that client code may use sit beside it: display.ts (price, stock and availability
 * rules), options.ts (sort and filter choices), filters.ts, gallery.ts, schemas.ts and
 * admin-schemas.ts (zod), stock.ts (the ledger's reasons), client/useProductSuggestions.ts.
 */

export { type CategorySummary, type CategoryWithChildren, getCategoryBySlug, getProductBySlug, listCategories, listFeaturedProducts, listFilterAttributes, listRelatedProducts, listSubcategories, type Page, type ProductCard, type ProductDetail, type ProductPhoto, searchProducts } from "./server/catalog";
export { updateProduct } from "./server/catalog-admin";
export { ledgerStock, lockProducts, type MovedProduct, moveStock, productRefreshEvent, type StockMove, StockShortage } from "./server/stock";
export { recentlyViewed, recordView } from "./server/recently-viewed";
export { compactSearchIndexIfFragmented } from "./server/search-index";
