import "server-only";

/**
 * Catalog: categories, products and their photos and variants, listing filters and search (with
 * SQLite's search index, and the search synonyms the merchant edits), recently viewed products, the merchant's product and variant edits, and
 * stock as a ledger of movements per product or variant (./server/stock.ts: every path that moves
 * stock goes through moveStock).
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure modules that client code may use sit beside it: display.ts (price, stock and availability
 * rules), options.ts (sort and filter choices), filters.ts, gallery.ts, variants.ts (the variant
 * rules: labels, lookup by SKU or label, the group's figures), admin-product.ts (the back office's
 * product shape), schemas.ts, admin-schemas.ts, product-schemas.ts and variant-schemas.ts (zod), stock.ts (the ledger's reasons), stock-admin.ts (the Stock page's low rule, URLs and forms), category-tree.ts (the category tree's rules, the admin's category and attribute shapes), category-schemas.ts (zod), bulk-schemas.ts (bulk actions and the price rule), catalog-csv.ts (the CSV's columns and row checks), synonyms.ts (search synonyms: their rules and zod), search-notes.ts (the search's facet counts, corrected query and matching categories), client/useProductSuggestions.ts.
 */

export { type CategoryMatch, type CategorySummary, type FilterAttribute, type CategoryWithChildren, findCategoryRedirect, findProductRedirect, getCategoryBySlug, getProductBySlug, listCategories, listFeaturedProducts, listFilterAttributes, listFilterKeys, listRelatedProducts, listSubcategories, type Page, type ProductCard, type ProductDetail, type ProductFacets, type ProductListPage, type ProductOption, type ProductPhoto, type ProductVariant, readShopFilters, readVariants, searchProducts, searchProductsAnswer } from "./server/catalog";
export { type AdminProductDetail, type AdminProductPage, type AdminProductRow, type AdminStockMovement, adminListProducts, adminProductDetail, findProducts, type ProductMatch, stockSummary } from "./server/admin-list";
export { archiveProduct, createProduct, deleteProduct, duplicateProduct, getAdminProduct, PRODUCT_ADMIN_MESSAGES, unarchiveProduct, updateProduct } from "./server/product-admin";
export { addProductPhotos, deleteProductPhoto, PHOTO_SERVICE_MESSAGES, type PhotoUpload, readProductPhotoFile, reorderProductPhotos, updateProductPhoto } from "./server/product-photos";
export { ledgerStock, lockProducts, type MovedProduct, moveStock, productRefreshEvent, type StockItem, type StockMove, StockShortage } from "./server/stock";
export { adjustVariantStock, saveProductVariants, VARIANT_SERVICE_MESSAGES } from "./server/variants";
export { type LedgerEntry, lowStockDefault, type ProductLedger, productLedger, setLowStockDefault, setProductLowStockThreshold, STOCK_ADMIN_MESSAGES, stockList, type StockListPage, type StockRow } from "./server/stock-admin";
export { type EditorChoices, editorChoices, type EditorVariant, editorVariants } from "./server/editor-reads";
export { CATEGORY_ADMIN_MESSAGES, COVER_MAX_SIDE, createCategory, deleteCategory, getAdminCategory, listAdminCategories, removeCategoryCover, reorderCategory, setCategoryCover, updateCategory } from "./server/category-admin";
export { addAttributeValue, ATTRIBUTE_ADMIN_MESSAGES, createAttribute, deleteAttribute, deleteAttributeValue, getAdminAttribute, listAdminAttributes, renameAttributeValue, reorderAttribute, updateAttribute } from "./server/attribute-admin";
export { BULK_SKIP, runBulkAction } from "./server/bulk";
export { analyseImport, applyImport, exportCatalog, IMPORT_BATCH, readImportFile } from "./server/catalog-csv";
export { recentlyViewed, recordView } from "./server/recently-viewed";
export { warmProductSearch } from "./server/product-search";
export { type AdminSynonymRule, createSynonymRule, deleteSynonymRule, getSynonymRule, listAdminSynonymRules, listSynonymRules, synonymsVersion, updateSynonymRule } from "./server/synonyms";
