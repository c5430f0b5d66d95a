import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { BANNER_MESSAGES, BANNER_UPLOAD, LIST_ADMIN_MESSAGES, setSliderPhoto } from "@/lib/content";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../../_lib/admin";
import { listKindOf } from "../../../../../_lib/content";
import { action, handler, parse, readBytes } from "../../../../../_lib/http";

/**
 * POST /api/v2/admin/content/sliders/{id}/photo (content:update): multipart/form-data with the
 * image in "photo", checked and re-encoded as a blog banner is. Only slides have a photo (404 for
 * the other lists).
 */
export const POST = handler<{ kind: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "update");
    if (listKindOf(raw) !== "sliders") throw new ApiError(404, "Not found.");
    const { id } = parse(z.object({ id: idParam }), { id: raw.id });
    const type = request.headers.get("content-type") ?? "";
    const none = BANNER_MESSAGES.none.replace('"banner"', '"photo"');
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, none);
    const body = await readBytes(request, BANNER_UPLOAD.maxBytes + 64 * 1024, BANNER_MESSAGES.tooLarge);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read as multipart/form-data.");
    }
    const file = form.get("photo");
    if (!(file instanceof Blob)) throw new ApiError(422, none, { photo: [none] });
    const row = await setSliderPhoto(id, Buffer.from(await file.arrayBuffer()), staff.actor);
    return staffAnswer(staff, action(true, LIST_ADMIN_MESSAGES.photoSaved, 200, { row }));
  },
  { personal: true },
);
