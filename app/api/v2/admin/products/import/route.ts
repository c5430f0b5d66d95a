import { z } from "zod";
import { assertCan, requireStaff } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { analyseImport, applyImport, readImportFile } from "@/lib/catalog";
import { CSV_IMPORT_LIMITS, CSV_MESSAGES } from "@/lib/catalog/catalog-csv";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { ApiError } from "@/lib/platform/errors";
import { requestLog } from "@/lib/platform/log";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list, parse, readBytes } from "../../../_lib/http";

const querySchema = z.object({ mode: z.enum(["dry_run", "apply"], { error: "mode is dry_run (check every row, write nothing) or apply (write the good rows)." }) });

/** The file: the body itself (text/csv), or the field "file" of a multipart form. */
async function fileOf(request: Request): Promise<Uint8Array> {
  const bytes = await readBytes(request, CSV_IMPORT_LIMITS.maxBytes + 64 * 1024, CSV_MESSAGES.tooLarge);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return bytes;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new ApiError(400, 'The form cannot be read: send the CSV in the field "file".');
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new ApiError(422, 'Send the CSV in the field "file".', { file: ['Send the CSV in the field "file".'] });
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * POST /api/v2/admin/products/import?mode=dry_run|apply: a CSV of the export's columns creates or
 * updates products by SKU (product:create and product:update; a stock change also stock:update).
 * dry_run answers every row's errors and what it would change, writing nothing; apply writes the
 * good rows in batches and streams its progress as NDJSON lines ({"progress": …}, then {"result": …}).
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "product", "create");
    assertCan(staff, "product", "update");
    const { mode } = parse(querySchema, Object.fromEntries(request.nextUrl.searchParams));
    const rows = readImportFile(await fileOf(request));
    const options = { canStock: can(staff, "stock", "update") };
    if (mode === "dry_run") return staffAnswer(staff, list(await analyseImport(rows, options)));
    const encoder = new TextEncoder();
    const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The import goes on if the caller goes away (its rows are audited); what it would have been told is dropped.
        const send = (value: unknown) => {
          try {
            controller.enqueue(line(value));
          } catch {
            // The stream was cancelled by the client.
          }
        };
        try {
          const outcome = await applyImport(rows, options, staff.actor, (progress) => send({ progress }));
          send({ result: outcome });
        } catch (error) {
          requestLog(request.headers).error({ err: error, path: request.nextUrl.pathname }, "CSV import failed");
          send({ error: "The import stopped on our side: the batches reported done are written, the rest are not. Run it again: written rows show as unchanged." });
        } finally {
          try {
            controller.close();
          } catch {
            // Cancelled already.
          }
        }
      },
    });
    return staffAnswer(staff, new Response(stream, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": NO_STORE } }));
  },
  { personal: true },
);
