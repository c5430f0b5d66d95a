import { z } from "zod";

const rupees = z.number({ error: "Must be a number of rupees." }).min(0).max(10_000_000, "Too large.").multipleOf(0.01, "At most two decimals.");

/** A change to a product by the shop owner; prices in rupees as in the rest of API v2. */
export const productUpdateSchema = z
  .object({
    name: z.string().trim().min(3, "Name needs at least 3 characters.").max(200),
    main_price: rupees,
    stocked_price: rupees,
    stock_quantity: z.number().int().min(0).max(1_000_000),
    made_to_order: z.boolean(),
    is_featured: z.boolean(),
    is_popular: z.boolean(),
    published: z.boolean(),
    short_description: z.string().trim().max(500),
    description: z.string().max(100_000),
    meta_title: z.string().trim().max(200),
    meta_description: z.string().trim().max(500),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.")
  .refine((v) => v.main_price === undefined || v.stocked_price === undefined || v.stocked_price >= v.main_price, {
    message: "The list price (stocked_price) cannot be below the selling price.",
    path: ["stocked_price"],
  });

export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
