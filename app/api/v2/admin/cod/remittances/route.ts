import { requireStaff } from "@/lib/accounts";
import { listRemittances, reconcileRemittance } from "@/lib/orders";
import { COD_CSV_LIMITS, COD_MESSAGES, remittanceListQuerySchema, remittanceUploadSchema } from "@/lib/orders/cod-remittance";
import { ApiError } from "@/lib/platform/errors";
import { staffAnswer } from "../../../_lib/admin";
import { presentMissing, presentRemittance, presentRemittanceLine } from "../../../_lib/cod";
import { action, handler, paginated, parse, readBytes } from "../../../_lib/http";

/** GET /api/v2/admin/cod/remittances?page=: the couriers' remittance files uploaded, newest first, with their totals (remittance:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "remittance", "read");
    const { page } = parse(remittanceListQuerySchema, Object.fromEntries(request.nextUrl.searchParams));
    const result = await listRemittances(page);
    return staffAnswer(staff, paginated(result.rows.map(presentRemittance), { current_page: result.page, last_page: result.lastPage, per_page: result.perPage, total: result.total }));
  },
  { personal: true },
);

/** The file and the fields: a multipart form (fields file, courier, mode, file_name) or the CSV itself as the body with them in the query. */
async function upload(request: Request, query: Record<string, string>): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  const bytes = await readBytes(request, COD_CSV_LIMITS.maxBytes + 64 * 1024, COD_MESSAGES.tooLarge);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return { bytes, fields: query };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new ApiError(400, 'The form cannot be read: send the CSV in the field "file".');
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new ApiError(422, 'Send the CSV in the field "file".', { file: ['Send the CSV in the field "file".'] });
  const fields: Record<string, string> = { ...query };
  for (const name of ["courier", "mode", "file_name"]) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  if (!fields.file_name && file instanceof File && file.name) fields.file_name = file.name;
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}

/**
 * POST /api/v2/admin/cod/remittances?mode=dry_run|apply&courier=&file_name= (remittance:create): a
 * courier's COD remittance CSV (AWB, amount, date). Every row is matched by AWB against the
 * delivered Cash on Delivery parcels; `dry_run` answers what each row would do and writes nothing;
 * `apply` (the default) records the remittance and its rows, marks the matched parcels remitted and
 * writes the audit row in one transaction: 201. A broken file is 422 with each row's errors and
 * nothing is written; a file over 512 KB or 5,000 rows is 413.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "remittance", "create");
    const { bytes, fields } = await upload(request, Object.fromEntries(request.nextUrl.searchParams));
    const input = parse(remittanceUploadSchema, fields);
    const outcome = await reconcileRemittance({ bytes, fileName: input.file_name, courier: input.courier, dryRun: input.mode === "dry_run" }, staff.actor);
    const remitted = outcome.lines.filter((l) => l.outcome === "matched" || l.outcome === "short" || l.outcome === "over").length;
    const mismatches = outcome.lines.filter((l) => l.outcome !== "matched").length;
    const message = `${outcome.dryRun ? "Checked, nothing recorded: " : ""}${remitted} of ${outcome.lines.length} rows ${outcome.dryRun ? "would remit" : "remitted"} a parcel; ${mismatches} ${mismatches === 1 ? "mismatch" : "mismatches"}.${outcome.sameFileAs.length ? ` This file was uploaded before (remittance #${outcome.sameFileAs.join(", #")}).` : ""}`;
    return staffAnswer(
      staff,
      action(true, message, outcome.dryRun ? 200 : 201, {
        dry_run: outcome.dryRun,
        remittance: outcome.remittance ? presentRemittance(outcome.remittance) : null,
        same_file_as: outcome.sameFileAs,
        rows: outcome.lines.map(presentRemittanceLine),
        missing: presentMissing(outcome.missing),
      }),
    );
  },
  { personal: true },
);
