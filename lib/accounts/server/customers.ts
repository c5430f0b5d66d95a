import "server-only";
import { sql, type SqlBool } from "kysely";
import { getDb } from "@/lib/platform/db";

/**
 * The back office's look-up of customers (the search box): accounts by name, email or phone, the
 * deleted ones left out. A read only, for staff whose role allows customer:read.
 */

export type CustomerMatch = { id: number; name: string; email: string; phone: string | null };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findCustomers(term: string, limit = 6): Promise<CustomerMatch[]> {
  const { db } = await getDb();
  const like = `%${escapeLike(term.toLowerCase())}%`;
  const digits = term.replace(/\D/g, "");
  const byPhone = digits.length >= 4 ? sql<SqlBool>`or u.phone like ${`%${digits.slice(-10)}%`}` : sql<SqlBool>``;
  const rows = await db
    .selectFrom("users as u")
    .select(["u.id", "u.name", "u.email", "u.phone"])
    .where("u.deleted_at", "is", null)
    .where(sql<SqlBool>`(lower(u.name) like ${like} escape '\\' or lower(u.email) like ${like} escape '\\' ${byPhone})`)
    .orderBy("u.id", "desc")
    .limit(limit)
    .execute();
  return rows;
}
