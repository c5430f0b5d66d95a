import { createHash } from "node:crypto";
import type { BetterAuthOptions } from "@better-auth/core";
import type { DBAdapter, DBTransactionAdapter, Where } from "@better-auth/core/db/adapter";

/**
 * Session tokens hashed at rest, around better-auth's database adapter.
 *
 * better-auth 1.7 writes the session token itself into session.token and looks sessions up by it;
 * it has no option to store a digest (its verification values do: storeIdentifier "hashed").
 * A copy of the sessions table would then be a list of live credentials. This wrapper keeps the
 * adapter interface better-auth documents for custom adapters and changes one thing: on the way
 * in, every session token (in data, in update payloads and in where clauses) becomes
 * SHA-256(token); on the way out, rows found by a token carry that token again, so cookies and
 * bearer answers are unchanged. Rows listed without a token (a user's sessions) carry only the
 * digest, which opens nothing. The tokens are 32 random characters (~190 bits), so an unsalted
 * fast hash is the right tool: there is nothing to guess, and lookups stay one index probe.
 */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

const isSession = (model: string) => model === "session" || model === "sessions";

type Row = Record<string, unknown>;

/** The where clauses with every session token replaced by its digest, and the tokens it named. */
function hashWhere(model: string, where: Where[] | undefined): { where: Where[] | undefined; tokens: Map<string, string> } {
  const tokens = new Map<string, string>();
  if (!where || !isSession(model)) return { where, tokens };
  const out = where.map((clause) => {
    if (clause.field !== "token") return clause;
    const hashOne = (value: unknown) => {
      if (typeof value !== "string") return value;
      const digest = hashSessionToken(value);
      tokens.set(digest, value);
      return digest;
    };
    const value = Array.isArray(clause.value) ? clause.value.map(hashOne) : hashOne(clause.value);
    return { ...clause, value } as Where;
  });
  return { where: out, tokens };
}

function hashPayload(model: string, data: Row): { data: Row; token?: { digest: string; raw: string } } {
  if (!isSession(model) || typeof data.token !== "string") return { data };
  const digest = hashSessionToken(data.token);
  return { data: { ...data, token: digest }, token: { digest, raw: data.token } };
}

/** Puts the raw token back on a session row whose digest we were given it for. */
function restore<T>(row: T, tokens: Map<string, string>): T {
  if (!row || typeof row !== "object") return row;
  const r = row as Row;
  const raw = typeof r.token === "string" ? tokens.get(r.token) : undefined;
  return raw === undefined ? row : ({ ...r, token: raw } as T);
}

function wrap<A extends DBAdapter<BetterAuthOptions> | DBTransactionAdapter<BetterAuthOptions>>(inner: A): A {
  const wrapped: DBTransactionAdapter<BetterAuthOptions> = {
    ...inner,
    async create<T extends Record<string, unknown>, R = T>(args: Parameters<DBAdapter["create"]>[0]): Promise<R> {
      const { data, token } = hashPayload(args.model, args.data as Row);
      const row = await inner.create<T, R>({ ...args, data: data as Omit<T, "id"> });
      return token ? restore(row, new Map([[token.digest, token.raw]])) : row;
    },
    async findOne(args) {
      const { where, tokens } = hashWhere(args.model, args.where);
      return restore(await inner.findOne({ ...args, where: where ?? [] }), tokens);
    },
    async findMany<T>(args: Parameters<DBAdapter["findMany"]>[0]): Promise<T[]> {
      const { where, tokens } = hashWhere(args.model, args.where);
      const rows = await inner.findMany<T>({ ...args, where });
      return tokens.size ? rows.map((row) => restore(row, tokens)) : rows;
    },
    async count(args) {
      return inner.count({ ...args, where: hashWhere(args.model, args.where).where });
    },
    async update(args) {
      const { where, tokens } = hashWhere(args.model, args.where);
      const { data, token } = hashPayload(args.model, args.update);
      if (token) tokens.set(token.digest, token.raw);
      return restore(await inner.update({ ...args, where: where ?? [], update: data }), tokens);
    },
    async updateMany(args) {
      const { where } = hashWhere(args.model, args.where);
      return inner.updateMany({ ...args, where: where ?? [], update: hashPayload(args.model, args.update).data });
    },
    async delete(args) {
      return inner.delete({ ...args, where: hashWhere(args.model, args.where).where ?? [] });
    },
    async deleteMany(args) {
      return inner.deleteMany({ ...args, where: hashWhere(args.model, args.where).where ?? [] });
    },
    async consumeOne(args) {
      const { where, tokens } = hashWhere(args.model, args.where);
      return restore(await inner.consumeOne({ ...args, where: where ?? [] }), tokens);
    },
    async incrementOne(args) {
      const { where, tokens } = hashWhere(args.model, args.where);
      return restore(await inner.incrementOne({ ...args, where: where ?? [] }), tokens);
    },
  };
  if ("transaction" in inner) {
    const outer = inner as DBAdapter<BetterAuthOptions>;
    (wrapped as DBAdapter<BetterAuthOptions>).transaction = (callback) => outer.transaction((trx) => callback(wrap(trx)));
  }
  return wrapped as A;
}

/** Wraps an adapter factory (what `database` takes) so its sessions are stored hashed. */
export function withHashedSessionTokens(
  factory: (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>,
): (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions> {
  return (options) => wrap(factory(options));
}
