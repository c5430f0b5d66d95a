import "server-only";
import { sql } from "kysely";

/**
 * An order line's Variation as the order page, the order mails and the GST invoice print it: the
 * variant's label, which checkout copies from the catalog, and only for a line that names a
 * variant (order_lines.variant_id). Lines placed before variants were checked may hold whatever
 * text a shopper sent to carts/add ("FREE: paid in full…"); that text is never printed.
 */
export const variationColumn = () => sql<string | null>`case when variant_id is null then null else variation end`.as("variation");
