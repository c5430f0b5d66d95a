import { z } from "zod";
import { ApiError } from "@/lib/server/errors";
import { listStates } from "@/lib/server/locations";
import { idParam } from "@/lib/validation/catalog";
import { handler, list, parse } from "../../_lib/http";

export const GET = handler<{ id: string }>(async (_request, params) => {
  const { id } = parse(z.object({ id: idParam }), params);
  const states = await listStates(id);
  if (!states) throw new ApiError(404, "Country not found.");
  return list(states);
}, { cache: "locations" });
