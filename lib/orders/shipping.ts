import { z } from "@/lib/platform/zod";
import { SHIPMENT_TRANSITIONS, type ShipmentTransitionName } from "./lifecycle";

/**
 * Shipping's pure names and request schemas (the admin's forms and API v2 validate with these):
 * the providers, a shipment request, a clerk's shipment move, bulk selections, the providers'
 * switch. The providers themselves are ./server/shipping/.
 */
export type ShippingProviderName = "sandbox" | "manual" | "shiprocket";
export const SHIPPING_PROVIDER_NAMES = ["sandbox", "manual", "shiprocket"] as const satisfies readonly ShippingProviderName[];
export const SHIPPING_PROVIDER_LABELS: Record<ShippingProviderName, string> = { sandbox: "Sandbox courier (offline, for testing)", manual: "Manual carrier (type the AWB)", shiprocket: "Shiprocket" };

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /admin/orders/{id}/shipments. */
export const shipSchema = z
  .object({
    provider: z.enum(SHIPPING_PROVIDER_NAMES, { error: `provider must be one of ${SHIPPING_PROVIDER_NAMES.join(", ")}.` }),
    carrier: optionalText(80, "The carrier's name is at most 80 characters."),
    awb: z
      .string({ error: "The AWB is 4 to 40 letters, digits or hyphens." })
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, { error: "The AWB is 4 to 40 letters, digits or hyphens." })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    tracking_url: z
      .url({ protocol: /^https?$/, error: "The tracking link must be an http(s) address." })
      .max(500, { error: "The tracking link is at most 500 characters." })
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== "manual") return;
    if (!v.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: "Type the carrier's name." });
    if (!v.awb) ctx.addIssue({ code: "custom", path: ["awb"], message: "Type the AWB (tracking number)." });
  });
export type ShipRequest = z.output<typeof shipSchema>;

/** The moves a clerk asks for by name (every shipment move but its creation). */
export const SHIPMENT_MOVES = (Object.keys(SHIPMENT_TRANSITIONS) as ShipmentTransitionName[]).filter((n): n is Exclude<ShipmentTransitionName, "create"> => n !== "create");

/** POST /admin/orders/{id}/shipments/{shipment_id}/events. */
export const shipmentMoveSchema = z.object({
  event: z.enum(SHIPMENT_MOVES as [Exclude<ShipmentTransitionName, "create">, ...Exclude<ShipmentTransitionName, "create">[]], { error: `event must be one of ${SHIPMENT_MOVES.join(", ")}.` }),
  note: optionalText(500, "The note is at most 500 characters."),
  location: optionalText(120, "The place is at most 120 characters."),
});

export const shipmentIdParam = z.object({
  id: z.string().regex(/^\d{1,10}$/, { error: "Order not found." }).transform(Number),
  shipment: z.string().regex(/^\d{1,10}$/, { error: "Shipment not found." }).transform(Number),
});

/** ?ids=1,2,3: the selected orders (1 to 100). */
export const bulkIdsQuery = z.object({
  ids: z
    .string({ error: "Choose the orders: ids=1,2,3." })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: "ids is 1 to 100 order ids separated by commas." })
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), { error: "ids is 1 to 100 order ids separated by commas." }),
});

/** POST /admin/orders/ship: mark the selected orders shipped with a provider that books by itself. */
export const bulkShipSchema = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647), { error: "ids is a list of 1 to 100 order ids." }).min(1, { error: "Choose at least one order." }).max(100, { error: "At most 100 orders at once." }),
  provider: z.enum(["sandbox", "shiprocket"], { error: "provider must be sandbox or shiprocket (a manual carrier needs each order's AWB)." }),
});

/** PUT /admin/settings/shipping-providers. */
export const shippingSwitchSchema = z.object({
  enabled: z.object(
    {
      sandbox: z.boolean({ error: "sandbox is true or false." }).optional(),
      manual: z.boolean({ error: "manual is true or false." }).optional(),
      shiprocket: z.boolean({ error: "shiprocket is true or false." }).optional(),
    },
    { error: "enabled is an object of provider: true or false." },
  ),
});

/** How the admin's buttons name each move. */
export const SHIPMENT_MOVE_LABELS: Record<Exclude<ShipmentTransitionName, "create">, string> = {
  out_for_delivery: "Out for delivery",
  fail_attempt: "Failed delivery attempt (NDR)",
  reattempt: "NDR: re-attempt delivery",
  return_to_origin: "Return to origin (RTO)",
  deliver: "Delivered",
  receive_return: "RTO received (restock)",
};
