import { listFeaturedProducts } from "@/lib/catalog";
import { handler, list } from "../../_lib/http";
import { productCard } from "../../_lib/present";

export const GET = handler(async () => list((await listFeaturedProducts()).map(productCard)), { cache: "catalog" });
