import { z } from "zod";
import { listBlogs } from "@/lib/content";
import { handler, paginated, parse } from "../_lib/http";
import { blog, meta } from "../_lib/present";

const query = z.object({
  page: z.coerce.number().int().min(1, "Page must be 1 or more.").max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48, "At most 48 per page.").default(12),
});

export const GET = handler(async (request) => {
  const q = request.nextUrl.searchParams;
  const { page, per_page } = parse(query, { page: q.get("page") || undefined, per_page: q.get("per_page") || undefined });
  const result = await listBlogs(page, per_page);
  return paginated(result.items.map(blog), meta(result));
}, { cache: "content" });
