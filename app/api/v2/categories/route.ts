import { listCategories } from "@/lib/catalog";
import { handler, list } from "../_lib/http";
import { category } from "../_lib/present";

export const GET = handler(async () => list((await listCategories()).map(category)), { cache: "taxonomy" });
