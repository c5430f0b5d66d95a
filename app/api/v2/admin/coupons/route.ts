import { requireStaff } from "@/lib/accounts";
import { createCoupon, listCoupons } from "@/lib/cart";
import { couponCreateSchema, couponListQuerySchema } from "@/lib/cart/commerce-admin";
import { staffAnswer } from "../../_lib/admin";
import { action, handler, paginated, parse, readJson } from "../../_lib/http";

/**
 * GET /api/v2/admin/coupons?status=&q=&page=: coupons newest first, 50 a page, each with its uses
 * (orders not cancelled) and the discount they were given (coupon:read).
 */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "coupon", "read");
    const query = parse(couponListQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listCoupons(query);
    return staffAnswer(staff, paginated(result.items, { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);

/** POST /api/v2/admin/coupons: a new coupon, every rule the cart enforces (coupon:create). */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "coupon", "create");
    const input = await readJson(request, couponCreateSchema);
    const coupon = await createCoupon(staff.actor, input);
    return staffAnswer(staff, action(true, `Coupon ${coupon.code} is saved.`, 201, { data: coupon }));
  },
  { personal: true },
);
