import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { listStates } from "@/lib/accounts";
import { idParam } from "@/lib/platform/fields";
import { handler, list, parse } from "../../_lib/http";

export const GET = handler<{ id: string }>(async (_request, params) => {
  const { id } = parse(z.object({ id: idParam }), params);
  const states = await listStates(id);
  if (!states) throw new ApiError(404, "Country not found.");
  return list(states);
}, { cache: "locations" });
