import "server-only";
import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import sharp from "sharp";
import { getDb, type Db } from "@/lib/platform/db";
import { getAuth } from "./auth/auth";
import { assertUnderLimit, clearLimit, countAttempt, reserveAttempt, type LimitRule } from "./auth/limits";
import { codeSendChecks, endOtherAccess } from "./auth/flows";
import { SIGN_IN_REQUIRED, type Identity, type SessionUser } from "./auth/session";
import { ApiError } from "@/lib/platform/errors";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { dispatchSoon, outbox } from "@/lib/platform/outbox";
import { accountNotice } from "./account-mail";
import { fileStorage, isStoredName } from "@/lib/platform/storage";
import { log } from "@/lib/platform/log";
import { RETURN_PHOTO_FOLDER } from "@/lib/orders/returns";

/** The customer's own account: profile, photo, email change, data export and deletion. */

export const PHONE_TAKEN = "This phone number is already used by another account.";

/**
 * A phone signs in one account only, so a number in use by another account is refused. Each new
 * number tried counts toward a limit, so the 409 cannot be used to probe many numbers.
 */
export async function assertPhoneFree(userId: number, phone: string | null): Promise<void> {
  if (!phone) return;
  const { db } = await getDb();
  const current = await db.selectFrom("users").select("phone").where("id", "=", userId).executeTakeFirst();
  if (current?.phone === phone) return;
  const checks: [LimitRule, string][] = [["phoneChangesPerAccount", String(userId)]];
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const other = await db.selectFrom("users").select("id").where("phone", "=", phone).where("id", "!=", userId).executeTakeFirst();
  if (other) throw new ApiError(409, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
}

/** Name and phone (the caller checks the phone with assertPhoneFree first). */
export async function updateProfile(userId: number, input: { name: string; phone: string | null }): Promise<void> {
  const { db } = await getDb();
  try {
    await db.updateTable("users").set({ name: input.name, phone: input.phone, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
  } catch (error) {
    // Two accounts claiming one number at the same moment: the unique index lets one win.
    if (/unique|duplicate/i.test(error instanceof Error ? error.message : "")) throw new ApiError(409, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
    throw error;
  }
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = "Please choose a JPEG, PNG or WebP image of at most 2 MB.";
const AVATAR_SIZE = 256;
const AVATAR_FOLDER = "avatars";

/**
 * Stores a new profile photo. The bytes must decode as a JPEG, PNG or WebP image (the name and
 * the declared type are ignored); the photo is re-encoded as a 256 px WebP, which drops EXIF data
 * (a phone's location among it) and anything hidden in the file. The old photo is removed.
 */
export async function setAvatar(userId: number, bytes: Buffer): Promise<string> {
  if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) throw new ApiError(422, AVATAR_TYPES, { photo: [AVATAR_TYPES] });
  let encoded: Buffer;
  try {
    // limitInputPixels refuses a small file that decodes into an enormous image.
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) throw new Error(`format ${meta.format}`);
    encoded = await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new ApiError(422, AVATAR_TYPES, { photo: [AVATAR_TYPES] });
  }
  const name = await fileStorage().put(AVATAR_FOLDER, "webp", encoded);
  const path = `/avatars/${name}`;
  const { db } = await getDb();
  const before = await db.selectFrom("users").select("avatar").where("id", "=", userId).executeTakeFirst();
  await db.updateTable("users").set({ avatar: path, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
  await removeAvatarFile(before?.avatar ?? null);
  return path;
}

export async function removeAvatar(userId: number): Promise<void> {
  const { db } = await getDb();
  const before = await db.selectFrom("users").select("avatar").where("id", "=", userId).executeTakeFirst();
  await db.updateTable("users").set({ avatar: null, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
  await removeAvatarFile(before?.avatar ?? null);
}

export async function removeAvatarFile(avatar: string | null): Promise<void> {
  const name = avatar?.startsWith("/avatars/") ? avatar.slice("/avatars/".length) : null;
  if (name && isStoredName(name)) await fileStorage().remove(AVATAR_FOLDER, name);
}

/** The bytes of a stored photo for GET /avatars/{name}, or null. */
export function readAvatar(name: string): Promise<Buffer | null> {
  return fileStorage().get(AVATAR_FOLDER, name);
}


/**
 * Step 1 of an email change: the current password (a stolen session alone cannot move the
 * account to another mailbox), then a code to the new address. When that address already has an
 * account, better-auth sends nothing and answers the same, so this cannot probe for accounts.
 */
export async function requestEmailChange(user: SessionUser, headers: Headers, newEmail: string, password: string, ip: string): Promise<void> {
  if (newEmail === user.email) throw new ApiError(422, "Enter an email address other than your current one.", { email: ["Enter an email address other than your current one."] });
  await confirmIdentity(user, headers, { password });
  const checks = codeSendChecks(newEmail, ip);
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const auth = await getAuth();
  try {
    await auth.api.requestEmailChangeEmailOTP({ body: { newEmail }, headers });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 400) throw new ApiError(422, "Enter an email address other than your current one.", { email: ["Enter an email address other than your current one."] });
    if (isAPIError(error) && error.statusCode === 401) throw new ApiError(401, SIGN_IN_REQUIRED);
    throw error;
  }
}

/**
 * Step 2: the code from the new address changes the email; the old address is told, and every
 * other session and every reset link still out for the account end.
 */
export async function confirmEmailChange(identity: Identity, headers: Headers, newEmail: string, otp: string, ip: string): Promise<string[]> {
  const user = identity.user;
  const checks: [LimitRule, string][] = [
    ["codeFailuresPerIp", ip],
    ["reauthFailuresPerAccount", String(user.id)],
  ];
  await assertUnderLimit(checks);
  const auth = await getAuth();
  try {
    const { headers: out } = await auth.api.changeEmailEmailOTP({ body: { newEmail, otp }, headers, returnHeaders: true });
    await endOtherAccess(user.id, identity.sessionId);
    // better-auth committed the change itself: the notice to the old address is written right after it.
    await writeTransaction(await getDb(), (trx) => outbox.add(trx, accountNotice("email-changed", user.email, user.name, newEmail)));
    dispatchSoon();
    return out.getSetCookie();
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 400 || error.statusCode === 403)) {
      const message = (error.body as { message?: string } | undefined)?.message === "Email already in use" ? "This email address is already in use." : "Invalid OTP";
      await countAttempt(checks);
      throw new ApiError(400, message);
    }
    throw error;
  }
}

/** A code to the account's own email, to confirm deleting the account without the password. */
export async function sendDeletionCode(user: SessionUser, ip: string): Promise<void> {
  const checks = codeSendChecks(user.email, ip);
  await assertUnderLimit(checks);
  await countAttempt(checks);
  const auth = await getAuth();
  await auth.api.sendVerificationOTP({ body: { email: user.email, type: "email-verification" } });
}

/** Checks the password or the emailed code before a sensitive change; wrong ones count toward a limit. */
async function confirmIdentity(user: SessionUser, headers: Headers, proof: { password?: string; otp?: string }): Promise<void> {
  const checks: [LimitRule, string][] = [["reauthFailuresPerAccount", String(user.id)]];
  // Counted before the password or code is checked, so simultaneous guesses cannot get past the limit.
  await reserveAttempt(checks);
  const auth = await getAuth();
  try {
    if (proof.otp) await auth.api.verifyEmailOTP({ body: { email: user.email, otp: proof.otp } });
    else await auth.api.verifyPassword({ body: { password: proof.password ?? "" }, headers });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      throw proof.otp ? new ApiError(400, "Invalid OTP") : new ApiError(422, "Your password is not correct.", { password: ["Your password is not correct."] });
    }
    throw error;
  }
  await clearLimit("reauthFailuresPerAccount", String(user.id));
}

export const DELETED_NAME = "Deleted customer";

/**
 * Deletes the account (India's DPDP Act): addresses, wishlist, cart, recently viewed, sessions,
 * the password and the photo are erased; the user row stays only as an anonymous anchor for
 * orders, which tax law requires the shop to keep (amounts, items, the state of supply), with the
 * name, email, phone and street address removed from them. One transaction.
 */
export async function deleteAccount(user: SessionUser, headers: Headers, proof: { password?: string; otp?: string }): Promise<void> {
  await confirmIdentity(user, headers, proof);
  const { db } = await getDb();
  const files = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("users").select("avatar").where("id", "=", user.id).where("deleted_at", "is", null).executeTakeFirst();
    if (!row) throw new ApiError(404, "Account not found.");
    const returnPhotos = await eraseAccountRows(trx, user, new Date());
    return { avatar: row.avatar, returnPhotos };
  });
  dispatchSoon();
  await removeErasedFiles(files);
}

/**
 * After an erasure commits: the account's photo and the photos sent with its returns leave the
 * file storage. A file that will not go is logged with its name, never a failed erasure (the rows
 * that named it are gone already).
 */
export async function removeErasedFiles(files: { avatar: string | null; returnPhotos: readonly string[] }): Promise<void> {
  await removeAvatarFile(files.avatar).catch((err: unknown) => log.error({ err, avatar: files.avatar }, "an erased account's photo could not be removed"));
  const storage = fileStorage();
  for (const name of files.returnPhotos) {
    if (isStoredName(name)) await storage.remove(RETURN_PHOTO_FOLDER, name).catch((err: unknown) => log.error({ err, name }, "an erased account's return photo could not be removed"));
  }
}

/**
 * The erasure itself, in the caller's transaction (the customer's own deletion above, and the
 * back office's erasure on request, lib/accounts/server/customers.ts): the rules of deleteAccount,
 * the notice to the address the account had included. Answers the names of the return photos the
 * erasure let go, for the caller to remove with the avatar after the commit (removeErasedFiles).
 *
 * What stays, and why: orders (the tax law keeps invoices 72 months) without the name, email, phone
 * and street address of delivery, and without those of billing unless the buyer gave a GSTIN (then
 * the billing party is a business named on its tax invoice); city, state and PIN code (the state of
 * supply). Returns keep their lines, states and money, not the customer's reason or photos.
 * Grievances keep the complaint and how the desk handled it (the E-Commerce Rules' record), not
 * who filed it.
 */
export async function eraseAccountRows(trx: Db, user: Pick<SessionUser, "id" | "email" | "name">, at: Date): Promise<string[]> {
  const now = at.toISOString();
  await trx
    .updateTable("orders")
    .set({ shipping_name: DELETED_NAME, shipping_email: "", shipping_phone: "", shipping_address: "", updated_at: now })
    .where("user_id", "=", user.id)
    .execute();
  await trx.updateTable("orders").set({ billing_name: null, billing_address: null, billing_phone: null }).where("user_id", "=", user.id).where("buyer_gstin", "is", null).execute();
  const returns = await trx.selectFrom("returns").select(["id", "photos"]).where("user_id", "=", user.id).execute();
  const returnPhotos = returns.flatMap((r) => storedNames(r.photos));
  if (returns.length) await trx.updateTable("returns").set({ reason: ERASED_TEXT, photos: "[]", updated_at: now }).where("user_id", "=", user.id).execute();
  await trx
    .updateTable("grievances")
    .set({ name: DELETED_NAME, email: "", phone: null, updated_at: now })
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb("email", "=", user.email)]))
    .execute();
  for (const table of ["addresses", "wishlists", "recently_viewed", "carts", "sessions", "accounts"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", user.id).execute();
  }
  // Reset links still unused: better-auth keeps the user id as their value, and a link used
  // after the deletion would give the erased account a password again.
  await trx.deleteFrom("verifications").where("value", "=", String(user.id)).execute();
  // What the person sent with this (confirmed) email: the subscription, messages and enquiries.
  await trx.deleteFrom("newsletter_subscribers").where("email", "=", user.email).execute();
  await trx.deleteFrom("contact_messages").where("email", "=", user.email).execute();
  await trx.deleteFrom("enquiries").where("email", "=", user.email).execute();
  await trx
    .updateTable("users")
    .set({
      name: DELETED_NAME,
      email: `deleted-${user.id}-${randomBytes(6).toString("hex")}@deleted.invalid`,
      phone: null,
      avatar: null,
      email_verified: 0,
      deleted_at: now,
      updated_at: now,
    })
    .where("id", "=", user.id)
    .execute();
  // The notice goes to the address the account had, once this commits.
  await outbox.add(trx, accountNotice("deleted", user.email, user.name));
  return returnPhotos;
}

/** What an erased customer's own words become where the row stays. */
export const ERASED_TEXT = "Removed at the customer's request.";

/** The photo names a return's JSON column holds (nothing for anything else). */
function storedNames(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}

/** Everything the store keeps about the customer, as one JSON document ("Download my data"). */
export async function exportAccount(userId: number): Promise<Record<string, unknown>> {
  const { db } = await getDb();
  const user = await db.selectFrom("users").select(["id", "name", "email", "phone", "avatar", "email_verified", "created_at", "updated_at"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const addresses = await db
    .selectFrom("addresses as a")
    .innerJoin("countries as co", "co.id", "a.country_id")
    .innerJoin("states as s", "s.id", "a.state_id")
    .innerJoin("cities as c", "c.id", "a.city_id")
    .select(["a.id", "a.address", "c.name as city", "s.name as state", "co.name as country", "a.postal_code", "a.phone", "a.is_default", "a.created_at"])
    .where("a.user_id", "=", userId)
    .orderBy("a.id")
    .execute();
  const orders = await db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const orderIds = orders.map((o) => o.id);
  const lines = orderIds.length ? await db.selectFrom("order_lines").selectAll().where("order_id", "in", orderIds).orderBy("id").execute() : [];
  const payments = orderIds.length ? await db.selectFrom("payments").select(["order_id", "provider", "amount", "status", "created_at"]).where("order_id", "in", orderIds).execute() : [];
  const wishlist = await db
    .selectFrom("wishlists as w")
    .innerJoin("products as p", "p.id", "w.product_id")
    .select(["p.name", "p.slug", "w.created_at"])
    .where("w.user_id", "=", userId)
    .execute();
  const cart = await db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["p.name", "p.slug", "l.variant", "l.quantity", "l.created_at"])
    .where("c.user_id", "=", userId)
    .execute();
  const recentlyViewed = await db
    .selectFrom("recently_viewed as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .select(["p.name", "p.slug", "r.viewed_at"])
    .where("r.user_id", "=", userId)
    .orderBy("r.viewed_at", "desc")
    .execute();
  const newsletter = await db.selectFrom("newsletter_subscribers").select(["email", "created_at"]).where("email", "=", user.email).execute();
  const messages = await db.selectFrom("contact_messages").select(["name", "surname", "email", "phone", "subject", "message", "created_at"]).where("email", "=", user.email).execute();
  const enquiries = await db.selectFrom("enquiries").select(["kind", "name", "email", "contact", "address", "message", "created_at"]).where("email", "=", user.email).execute();
  const returns = await db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("order_lines as l", "l.id", "r.order_line_id")
    .select(["o.code as order_code", "l.product_name as product", "l.variation", "r.kind", "r.quantity", "r.reason", "r.state", "r.decline_reason", "r.created_at"])
    .where("r.user_id", "=", userId)
    .orderBy("r.id")
    .execute();
  const grievances = await db
    .selectFrom("grievances")
    .select(["name", "email", "phone", "order_code", "message", "status", "resolution", "created_at"])
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
    .orderBy("id")
    .execute();
  const money = (paise: number) => paise / 100;
  return {
    exported_at: new Date().toISOString(),
    profile: { ...user, email_verified: Boolean(user.email_verified) },
    addresses: addresses.map((a) => ({ ...a, is_default: a.is_default === 1 })),
    orders: orders.map((o) => ({
      code: o.code,
      date: o.created_at,
      delivery_status: o.delivery_status,
      payment_status: o.payment_status,
      payment_type: o.payment_type,
      shipping: { name: o.shipping_name, email: o.shipping_email, phone: o.shipping_phone, address: o.shipping_address, city: o.shipping_city, state: o.shipping_state, country: o.shipping_country, postal_code: o.shipping_postal_code },
      subtotal: money(o.subtotal),
      shipping_cost: money(o.shipping_cost),
      tax: money(o.tax),
      coupon_code: o.coupon_code,
      coupon_discount: money(o.coupon_discount),
      grand_total: money(o.grand_total),
      items: lines.filter((l) => l.order_id === o.id).map((l) => ({ product: l.product_name, variation: l.variation, quantity: l.quantity, price: money(l.unit_price), total: money(l.total) })),
      payments: payments.filter((p) => p.order_id === o.id).map((p) => ({ provider: p.provider, amount: money(p.amount), status: p.status, date: p.created_at })),
    })),
    wishlist,
    cart,
    recently_viewed: recentlyViewed,
    newsletter_subscriptions: newsletter,
    contact_messages: messages,
    enquiries,
    returns,
    grievances,
  };
}
