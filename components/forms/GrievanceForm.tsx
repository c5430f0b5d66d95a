"use client";

import { useState } from "react";
import { grievanceSchema } from "@/lib/content/grievance-rules";
import { FormField } from "./FormField";
import { useApiForm } from "./useApiForm";

const EMPTY = { name: "", email: "", phone: "", order_code: "", message: "" };

/** The complaint form of /grievances: POST /grievances answers a ticket number, shown here and mailed. */
export function GrievanceForm() {
  const [filed, setFiled] = useState<{ ticket: string; message: string } | null>(null);
  const { values, errors, sending, hydrated, formRef, onChange, onSubmit } = useApiForm({
    initial: EMPTY,
    schema: grievanceSchema,
    path: "/grievances",
    onDone: (answer) => setFiled(typeof answer.ticket === "string" ? { ticket: answer.ticket, message: answer.message } : null),
  });
  const field = { onChange, disabled: sending };
  return (
    <>
      {filed ? (
        <div role="status" className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-ink">
          <p className="font-semibold">
            Your ticket number: <span className="font-mono" data-ticket>{filed.ticket}</span>
          </p>
          <p className="mt-1 text-sm">{filed.message}</p>
        </div>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Complaint form" className="grid gap-5 sm:grid-cols-2">
        <FormField {...field} id="grievance-name" name="name" label="Name" required autoComplete="name" maxLength={100} value={values.name} error={errors.name} />
        <FormField {...field} id="grievance-email" name="email" label="Email" type="email" inputMode="email" required autoComplete="email" maxLength={254} value={values.email} error={errors.email} />
        <FormField {...field} id="grievance-phone" name="phone" label="Phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="+91" hint="10-digit mobile number; optional." maxLength={20} value={values.phone} error={errors.phone} />
        <FormField {...field} id="grievance-order" name="order_code" label="Order code" hint="Optional: as on your order mail." maxLength={40} value={values.order_code} error={errors.order_code} />
        <FormField {...field} id="grievance-message" name="message" label="Your complaint" required multiline rows={6} maxLength={5000} value={values.message} error={errors.message} className="sm:col-span-2" />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={!hydrated || sending}>
            {sending ? "Sending..." : "File complaint"}
          </button>
          <p className="text-sm text-ink/70">
            <span className="text-madder" aria-hidden="true">*</span> Required. You get a ticket number at once, by mail too.
          </p>
        </div>
      </form>
    </>
  );
}
