import { z } from "zod";
import { getBlogBySlug } from "@/lib/content";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";
import { handler, list, parse } from "../../_lib/http";
import { blogDetail } from "../../_lib/present";

export const GET = handler<{ slug: string }>(async (_request, params) => {
  const { slug } = parse(z.object({ slug: slugParam }), params);
  const post = await getBlogBySlug(slug);
  if (!post) throw new ApiError(404, "No article found");
  return list({ blog: blogDetail(post) });
}, { cache: "content" });
