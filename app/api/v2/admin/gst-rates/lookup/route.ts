import { requireStaff } from "@/lib/accounts";
import { lookupGstRate } from "@/lib/cart";
import { gstLookupSchema, toPaise } from "@/lib/cart/commerce-admin";
import { indiaDay, isoDay } from "@/lib/cart/delivery";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse } from "../../../_lib/http";

/**
 * GET /api/v2/admin/gst-rates/lookup?hsn=&price=&date=: the rate one piece of that HSN code at
 * that price (rupees, GST included) gets on that day (default: today in India), and the row that
 * decides it: the function the cart, checkout and invoice use (settings:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "read");
    const q = parse(gstLookupSchema, Object.fromEntries(request.nextUrl.searchParams));
    return staffAnswer(staff, list(await lookupGstRate(q.hsn, toPaise(q.price), q.date ?? isoDay(indiaDay(new Date())))));
  },
  { personal: true },
);
