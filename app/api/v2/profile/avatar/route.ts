import { AVATAR_MAX_BYTES, AVATAR_TYPES, removeAvatar, requireIdentity, setAvatar } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { action, handler, readBytes } from "../../_lib/http";

/** Room for the multipart envelope around a 2 MB photo. */
const MAX_UPLOAD = AVATAR_MAX_BYTES + 64 * 1024;

/** POST /profile/avatar (multipart/form-data, field "photo"): a new profile photo. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, "Send the photo as multipart/form-data in the field \"photo\".");
    const body = await readBytes(request, MAX_UPLOAD, AVATAR_TYPES);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read.");
    }
    const photo = form.get("photo");
    if (!(photo instanceof Blob)) throw new ApiError(422, AVATAR_TYPES, { photo: [AVATAR_TYPES] });
    const avatar = await setAvatar(user.id, Buffer.from(await photo.arrayBuffer()));
    return action(true, "Profile updated successfully", 200, { avatar, avatar_original: avatar });
  },
  { personal: true },
);

/** DELETE /profile/avatar: removes the photo. */
export const DELETE = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    await removeAvatar(user.id);
    return action(true, "Profile updated successfully", 200, { avatar: null });
  },
  { personal: true },
);
