import { productSkuField, productUpdateSchema } from "./product-schemas";

/**
 * The catalog as CSV (docs/back-office.md "Importing and exporting products"): the columns the
 * export writes and the import reads, and the checks of one row that need no database. Pure (zod
 * through ./product-schemas.ts, whose rules every row passes as the product editor's form does);
 * lib/catalog/server/catalog-csv.ts reads and writes the database.
 *
 * One row per product without variants, one per variant (the product's columns repeated on each
 * of its rows, with the variant's SKU, label, price, compare-at price and stock). On import an
 * empty cell leaves the value as it is (a new product: none); `variant` is the export's label and
 * is not read.
 */

export const CSV_COLUMNS = [
  "sku",
  "variant_sku",
  "variant",
  "name",
  "slug",
  "category",
  "price",
  "compare_at_price",
  "stock",
  "made_to_order",
  "lead_time_days",
  "hsn_code",
  "published",
  "short_description",
  "meta_title",
  "meta_description",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** What a column holds, for the template's notes and the docs. */
export const CSV_COLUMN_NOTES: Record<CsvColumn, string> = {
  sku: "The product's SKU (required): the row creates the product when no product has it, else changes it.",
  variant_sku: "A variant's SKU: the row changes that variant of the product (new variants are made in the product's editor).",
  variant: "The variant's options (export only; not read).",
  name: "3 to 200 characters (required for a new product).",
  slug: "The product's address; empty: made from the name (new) or kept.",
  category: "The category's slug (required for a new product).",
  price: "Selling price in rupees, GST included, at most two decimals (required for a new product).",
  compare_at_price: "List price (MRP) in rupees, at least the price; empty: none (new) or kept.",
  stock: "Units in stock: the import moves the stock by the difference, through the ledger (reason: import).",
  made_to_order: "yes or no.",
  lead_time_days: "Days to make a made-to-order product, 1 to 365.",
  hsn_code: "4, 6 or 8 digits.",
  published: "yes or no (a new product: no).",
  short_description: "Plain text, at most 500 characters.",
  meta_title: "Search engines' title, at most 200 characters.",
  meta_description: "Search engines' description, at most 500 characters.",
};

/** The import's limits: bytes of a file and rows after the header. */
export const CSV_IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

export const CSV_MESSAGES = {
  empty: "The file is empty: send the CSV with its header row (download the template).",
  tooLarge: `The file is larger than ${CSV_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it.`,
  tooManyRows: `The file has more than ${CSV_IMPORT_LIMITS.maxRows.toLocaleString("en-IN")} rows: split it.`,
  noRows: "The file has a header but no rows.",
  encoding: "The file is not UTF-8 text: save it as CSV UTF-8 (comma delimited).",
  missingSku: "The header has no sku column: the first row names the columns (download the template).",
  unknownColumns: (names: string[]) => `Unknown columns: ${names.join(", ")}. The columns are ${CSV_COLUMNS.join(", ")}.`,
  repeatedColumns: (names: string[]) => `Columns named twice: ${names.join(", ")}.`,
  unreadable: (line: number, reason: string) => `Line ${line} cannot be read as CSV: ${reason}`,
  yesNo: "Write yes or no.",
  rupees: "A number of rupees, like 1499 or 1499.50.",
  wholeNumber: "A whole number.",
  stock: "Units in stock: a whole number from 0 to 1,000,000.",
  required: (column: string) => `Required for a new product: ${column}.`,
  variantUnknown: (sku: string) => `No variant has SKU ${sku}: new variants are made in the product's editor.`,
  variantOfOther: (variantSku: string, owner: string) => `Variant ${variantSku} belongs to the product with SKU ${owner}, not this one.`,
  variantProductMissing: (sku: string) => `No product has SKU ${sku}: a variant's row names its product's SKU.`,
  skuIsVariant: (sku: string, owner: string) => `${sku} is the SKU of a variant of the product ${owner}: put it in variant_sku, and its product's SKU in sku.`,
  variantSkuIsProduct: (sku: string) => `${sku} is a product's SKU, not a variant's.`,
  duplicateSku: (sku: string, row: number) => `SKU ${sku} is also on row ${row}: a product is on one row (or one row per variant).`,
  duplicateVariant: (sku: string, row: number) => `Variant ${sku} is also on row ${row}.`,
  duplicateSlug: (slug: string, row: number) => `Slug ${slug} is also on row ${row}.`,
  productColumnsDiffer: (row: number) => `The product's columns differ from its row ${row}: a product's columns are the same on each of its variants' rows.`,
  unknownCategory: (slug: string) => `There is no category ${slug}.`,
  slugTaken: (slug: string) => `Another product has the slug ${slug}.`,
  soldByVariant: "This product is sold by variant: give each variant's price, stock and made to order on its own row (variant_sku).",
  listBelowStored: (list: string) => `The price is above the compare-at price (₹${list}): send compare_at_price too.`,
  stockPermission: "Changing stock needs the stock:update permission.",
  leadTimeNeedsMadeToOrder: "A lead time is for a made-to-order product: set made_to_order to yes.",
  compareAtBelow: "The compare-at price cannot be below the price.",
  raced: "Another change touched these rows while they were written: nothing of this batch was written; run the import again.",
} as const;

export type RowError = { row: number; column: string; message: string };

/** A field's value before and after (rupees as the CSV writes them). */
export type Change = { from: unknown; to: unknown };

/** What one row does, or would do. */
export type ImportRowReport = {
  row: number;
  sku: string;
  variantSku: string | null;
  outcome: "create" | "update" | "unchanged" | "error";
  changes: Record<string, Change>;
  errors: RowError[];
};

export type ImportCounts = { rows: number; create: number; update: number; unchanged: number; error: number };

export type ImportAnalysis = { counts: ImportCounts; rows: ImportRowReport[] };

export type ImportProgress = { done: number; total: number; created: number; updated: number; unchanged: number; failed: number };
export type ImportOutcome = ImportProgress & { rows: ImportRowReport[] };

/** The product's own columns of a row, parsed (undefined: the cell was empty, leave it). */
export type CsvProductFields = {
  name?: string;
  slug?: string;
  category?: string;
  hsn_code?: string;
  published?: boolean;
  made_to_order?: boolean;
  lead_time_days?: number;
  short_description?: string;
  meta_title?: string;
  meta_description?: string;
};

/** One data row of the file, checked without the database: its number (the header is row 1), keys and values in paise, and its errors. */
export type CsvRow = {
  row: number;
  sku: string;
  variantSku: string | null;
  product: CsvProductFields;
  /** Paise. */
  price?: number;
  compareAt?: number;
  stock?: number;
  errors: RowError[];
};

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

/** Column names as the import reads them: trimmed, lower case, spaces as underscores. */
export const columnKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "_");

/** The header's problems (unknown or repeated columns, no sku), or none. */
export function checkHeader(header: readonly string[]): string | null {
  const keys = header.map(columnKey);
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = [...new Set(keys.filter((k) => !known.has(k)))];
  if (unknown.length) return CSV_MESSAGES.unknownColumns(unknown.map((u) => u || "(empty)"));
  const repeated = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
  if (repeated.length) return CSV_MESSAGES.repeatedColumns(repeated);
  if (!keys.includes("sku")) return CSV_MESSAGES.missingSku;
  return null;
}

/** The zod field a column is checked as, and back. */
const FIELD_OF: Partial<Record<CsvColumn, string>> = { price: "main_price", compare_at_price: "stocked_price" };
const COLUMN_OF: Record<string, CsvColumn> = { main_price: "price", stocked_price: "compare_at_price" };

const RUPEES = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^-?\d{1,7}$/;

/**
 * One row's cells (by column key) checked as the product schemas check a product: every error of
 * the row, each with its column and message. Cells are trimmed; an empty cell is no value.
 */
export function parseCsvRow(cells: Readonly<Record<string, string | undefined>>, row: number): CsvRow {
  const errors: RowError[] = [];
  const fail = (column: string, message: string) => errors.push({ row, column, message });
  const cell = (c: CsvColumn) => {
    const v = cells[c];
    return v === undefined ? "" : v.trim();
  };
  const value: Record<string, unknown> = {};

  const sku = cell("sku");
  const variantSku = cell("variant_sku") || null;
  if (!sku) fail("sku", "Every row needs the product's SKU.");
  else {
    const checked = productSkuField.safeParse(sku);
    if (!checked.success) fail("sku", checked.error.issues[0]?.message ?? "Not a SKU.");
  }
  if (variantSku) {
    const checked = productSkuField.safeParse(variantSku);
    if (!checked.success) fail("variant_sku", checked.error.issues[0]?.message ?? "Not a SKU.");
  }

  for (const c of ["name", "slug", "hsn_code", "short_description", "meta_title", "meta_description"] as const) {
    const v = cell(c);
    if (v) value[c] = v;
  }
  for (const c of ["published", "made_to_order"] as const) {
    const v = cell(c).toLowerCase();
    if (!v) continue;
    if (YES.has(v)) value[c] = true;
    else if (NO.has(v)) value[c] = false;
    else fail(c, CSV_MESSAGES.yesNo);
  }
  for (const c of ["price", "compare_at_price"] as const) {
    const v = cell(c).replace(/,/g, "");
    if (!v) continue;
    if (RUPEES.test(v)) value[FIELD_OF[c] as string] = Number(v);
    else fail(c, CSV_MESSAGES.rupees);
  }
  const lead = cell("lead_time_days");
  if (lead) {
    if (WHOLE.test(lead)) value.lead_time_days = Number(lead);
    else fail("lead_time_days", CSV_MESSAGES.wholeNumber);
  }
  let stock: number | undefined;
  const stockCell = cell("stock").replace(/,/g, "");
  if (stockCell) {
    if (WHOLE.test(stockCell) && Number(stockCell) >= 0 && Number(stockCell) <= 1_000_000) stock = Number(stockCell);
    else fail("stock", CSV_MESSAGES.stock);
  }
  const category = cell("category");

  // The product schema's own rules: lengths, slug and HSN formats, control characters, the list price at least the price.
  let checked = productUpdateSchema.safeParse(Object.keys(value).length ? value : { name: undefined });
  if (!checked.success && Object.keys(value).length) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? "");
      fail(COLUMN_OF[field] ?? (field || "row"), field === "stocked_price" && issue.code === "custom" ? CSV_MESSAGES.compareAtBelow : issue.message);
    }
    // The row's other fields still count (a new product's name is there even when its HSN code is wrong).
    const bad = new Set(checked.error.issues.map((i) => String(i.path[0] ?? "")));
    const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !bad.has(k)));
    checked = productUpdateSchema.safeParse(Object.keys(rest).length ? rest : { name: undefined });
  }
  const product: CsvProductFields = {};
  if (checked.success) {
    const d = checked.data;
    Object.assign(product, {
      name: d.name,
      slug: d.slug,
      hsn_code: d.hsn_code ?? undefined,
      published: d.published,
      made_to_order: d.made_to_order,
      lead_time_days: d.lead_time_days ?? undefined,
      short_description: d.short_description ?? undefined,
      meta_title: d.meta_title ?? undefined,
      meta_description: d.meta_description ?? undefined,
    });
    for (const key of Object.keys(product) as (keyof CsvProductFields)[]) if (product[key] === undefined) delete product[key];
  }
  if (category) {
    if (/^[a-z0-9-]{1,120}$/.test(category)) product.category = category;
    else fail("category", CSV_MESSAGES.unknownCategory(category));
  }
  if (value.lead_time_days !== undefined && value.made_to_order === false) fail("lead_time_days", CSV_MESSAGES.leadTimeNeedsMadeToOrder);

  const paise = (rupees: unknown) => (typeof rupees === "number" ? Math.round(rupees * 100) : undefined);
  const out: CsvRow = { row, sku, variantSku, product, errors };
  const price = paise(value.main_price);
  const compareAt = paise(value.stocked_price);
  if (price !== undefined && !errors.some((e) => e.column === "price")) out.price = price;
  if (compareAt !== undefined && !errors.some((e) => e.column === "compare_at_price")) out.compareAt = compareAt;
  if (stock !== undefined) out.stock = stock;
  return out;
}

/** Yes/no as the CSV writes it. */
export const yesNo = (flag: number | boolean) => (Number(flag) === 1 ? "yes" : "no");

/** Paise as the CSV's rupees: "1499" or "1499.50". */
export function csvRupees(paise: number): string {
  const whole = Math.trunc(paise / 100);
  const rest = Math.abs(paise % 100);
  return rest ? `${whole}.${String(rest).padStart(2, "0")}` : String(whole);
}

/** The template's file: the header, and one example row of a product without variants. */
export function csvTemplate(): string {
  const example: Record<CsvColumn, string> = {
    sku: "KH-CUSHION-001",
    variant_sku: "",
    variant: "",
    name: "Ikat Cushion Cover Indigo",
    slug: "",
    category: "cushions",
    price: "899",
    compare_at_price: "1199",
    stock: "25",
    made_to_order: "no",
    lead_time_days: "",
    hsn_code: "6304",
    published: "no",
    short_description: "Hand-woven cotton ikat, 16 x 16 in.",
    meta_title: "",
    meta_description: "",
  };
  return `\uFEFF${CSV_COLUMNS.join(",")}\r\n${CSV_COLUMNS.map((c) => example[c]).join(",")}\r\n`;
}
