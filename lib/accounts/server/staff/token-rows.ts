import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/platform/db";
import type { Permission } from "../../access";

/**
 * The token itself and its row, without the services around them (./tokens.ts): the test setup
 * and `npm run staff:create` write tokens with these too.
 */

export const TOKEN_PREFIX = "kst_";
const PREFIX_SHOWN = TOKEN_PREFIX.length + 6;

/** A new token: the prefix and 32 random bytes in base64url (43 characters). */
export const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const looksLikeApiToken = (value: string) => value.startsWith(TOKEN_PREFIX);

/**
 * Writes a token row in the caller's transaction and returns the token (the only time it exists
 * outside the caller's hands). Used by the owner's POST /admin/tokens, `npm run staff:create
 * -- --token` and the test setup.
 */
export async function insertToken(
  trx: Db,
  row: { userId: number; name: string; scopes: readonly Permission[]; createdBy: number | null; expiresAt: string | null },
  now = new Date(),
): Promise<{ id: number; token: string; prefix: string }> {
  const token = newToken();
  const prefix = token.slice(0, PREFIX_SHOWN);
  const inserted = await trx
    .insertInto("api_tokens")
    .values({
      user_id: row.userId,
      name: row.name,
      token_hash: hashToken(token),
      prefix,
      scopes: JSON.stringify(row.scopes),
      created_by: row.createdBy,
      created_at: now.toISOString(),
      expires_at: row.expiresAt,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: inserted.id, token, prefix };
}

