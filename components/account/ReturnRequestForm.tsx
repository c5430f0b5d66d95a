"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { apiRequest, ApiRequestError, messageOf } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";
import { RETURN_PHOTO_MESSAGES, RETURN_PHOTOS, RETURN_REASON_MAX, returnRequestSchema } from "@/lib/orders/returns";

export type ReturnChoice = { lineId: number; name: string; left: number; madeToOrder: boolean };

/**
 * The order page's "Return or report damage" form (docs/back-office.md "Returns"): one item of the
 * delivered order, a return or a damaged item (a made-to-order item only as damaged), how many,
 * why, and up to three photos (a damage claim needs one). Checked here with the server's own zod
 * schema, sent as multipart/form-data to POST /api/v2/returns, which checks everything again.
 */
export function ReturnRequestForm({ choices, deadline }: { choices: ReturnChoice[]; deadline: string }) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [lineId, setLineId] = useState(choices[0]?.lineId ?? 0);
  const [kind, setKind] = useState<"return" | "damage">(choices[0]?.madeToOrder ? "damage" : "return");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choice = choices.find((c) => c.lineId === lineId) ?? choices[0];
  if (!choice) return null;
  if (!open) {
    return (
      <button type="button" className="btn-primary justify-self-start" onClick={() => setOpen(true)}>
        Return or report damage
      </button>
    );
  }
  return (
    <form
      noValidate
      className="grid max-w-xl gap-4"
      aria-label="Return or report damage"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const photos = data.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
        const found: Record<string, string> = {};
        const checked = returnRequestSchema.safeParse({ order_line_id: data.get("order_line_id"), kind: data.get("kind"), quantity: data.get("quantity"), reason: data.get("reason") });
        if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
        if (photos.length > RETURN_PHOTOS.maxFiles) found.photos = RETURN_PHOTO_MESSAGES.tooMany;
        else if (photos.some((p) => p.size > RETURN_PHOTOS.maxBytes)) found.photos = RETURN_PHOTO_MESSAGES.tooLarge;
        setErrors(found);
        if (Object.keys(found).length) return;
        setBusy(true);
        try {
          const answer = await apiRequest<ApiAction>("/returns", { method: "POST", body: data });
          toast.success(answer.message);
          setOpen(false);
          router.refresh();
        } catch (error) {
          const fields = error instanceof ApiRequestError ? error.body?.errors : undefined;
          if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(" ")])));
          toast.error(messageOf(error, "Your request could not be sent. Please try again."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm text-ink/75">Returns and damage claims are accepted until {new Date(deadline).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" })}. Made-to-order items can be returned only if they arrived damaged.</p>
      <label className="grid gap-1 text-sm font-semibold" htmlFor={`${id}-line`}>
        Item
        <select
          id={`${id}-line`}
          name="order_line_id"
          value={choice.lineId}
          className="rounded-lg border border-ink/20 px-3 py-2 font-normal"
          onChange={(e) => {
            const next = choices.find((c) => c.lineId === Number(e.target.value));
            setLineId(Number(e.target.value));
            if (next?.madeToOrder) setKind("damage");
          }}
        >
          {choices.map((c) => (
            <option key={c.lineId} value={c.lineId}>
              {c.name}
              {c.madeToOrder ? " (made to order)" : ""}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">What happened</legend>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="kind" value="return" checked={kind === "return"} disabled={choice.madeToOrder} onChange={() => setKind("return")} /> I want to return it
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="kind" value="damage" checked={kind === "damage"} onChange={() => setKind("damage")} /> It arrived damaged
        </label>
        {errors.kind ? <p className="w-full text-sm text-madder">{errors.kind}</p> : null}
      </fieldset>
      <label className="grid gap-1 text-sm font-semibold" htmlFor={`${id}-quantity`}>
        How many (at most {choice.left})
        <input id={`${id}-quantity`} name="quantity" type="number" min={1} max={choice.left} defaultValue={1} className="w-28 rounded-lg border border-ink/20 px-3 py-2 font-normal" aria-invalid={errors.quantity ? true : undefined} />
        {errors.quantity ? <span className="text-sm font-normal text-madder">{errors.quantity}</span> : null}
      </label>
      <label className="grid gap-1 text-sm font-semibold" htmlFor={`${id}-reason`}>
        Reason
        <textarea id={`${id}-reason`} name="reason" rows={4} maxLength={RETURN_REASON_MAX} className="rounded-lg border border-ink/20 px-3 py-2 font-normal" aria-invalid={errors.reason ? true : undefined} />
        {errors.reason ? <span className="text-sm font-normal text-madder">{errors.reason}</span> : null}
      </label>
      <label className="grid gap-1 text-sm font-semibold" htmlFor={`${id}-photos`}>
        Photos ({kind === "damage" ? "at least one, " : ""}up to {RETURN_PHOTOS.maxFiles}, {RETURN_PHOTOS.maxBytes / 1024 / 1024} MB each)
        <input id={`${id}-photos`} name="photos" type="file" accept="image/jpeg,image/png,image/webp,image/avif" multiple className="font-normal" aria-invalid={errors.photos ? true : undefined} />
        {errors.photos ? <span className="text-sm font-normal text-madder">{errors.photos}</span> : null}
      </label>
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className="btn-primary">
          {busy ? "Sending..." : "Send request"}
        </button>
        <button type="button" className="text-sm font-semibold underline underline-offset-2" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
