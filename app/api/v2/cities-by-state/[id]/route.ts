import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { listCities } from "@/lib/accounts";
import { idParam } from "@/lib/platform/fields";
import { handler, list, parse } from "../../_lib/http";

export const GET = handler<{ id: string }>(async (_request, params) => {
  const { id } = parse(z.object({ id: idParam }), params);
  const cities = await listCities(id);
  if (!cities) throw new ApiError(404, "State not found.");
  return list(cities);
}, { cache: "locations" });
