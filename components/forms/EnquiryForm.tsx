"use client";

import { useEffect, type MouseEvent, type ReactNode } from "react";
import { enquirySchema, type EnquiryFormKind } from "@/lib/content/schemas";
import { FormField } from "./FormField";
import { useApiForm } from "./useApiForm";

/** The "Get in Touch" section's id: buttons on the page link to it. */
export const GET_IN_TOUCH_ID = "get-in-touch";
const FIRST_FIELD_ID = "enquiry-name";

const EMPTY = { name: "", email: "", contact: "", address: "", message: "" };

/** Scrolls to the Get in Touch section and puts the cursor in its first field. */
function focusEnquiryForm(behavior: ScrollBehavior) {
  const field = document.getElementById(FIRST_FIELD_ID);
  if (!field) return false;
  document.getElementById(GET_IN_TOUCH_ID)?.scrollIntoView({ behavior, block: "start" });
  field.focus({ preventScroll: true });
  return true;
}

const scrollBehavior = (): ScrollBehavior => (window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

/**
 * The "Get in Touch" form of the gifting, bulk deals and corporate pages, stored through
 * POST /enquiries with its kind. Arriving at #get-in-touch focuses the first field.
 */
export function EnquiryForm({ kind, submitLabel = "Send Enquiry" }: { kind: EnquiryFormKind; submitLabel?: string }) {
  const { values, errors, sending, hydrated, formRef, onChange, onSubmit } = useApiForm({ initial: EMPTY, schema: enquirySchema, path: "/enquiries", extra: { kind } });

  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === `#${GET_IN_TOUCH_ID}`) document.getElementById(FIRST_FIELD_ID)?.focus({ preventScroll: true });
    };
    onHash();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const field = { onChange, disabled: sending };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Get in Touch form" className="grid gap-5 sm:grid-cols-2">
      <FormField {...field} id={FIRST_FIELD_ID} name="name" label="Name" required autoComplete="name" maxLength={100} value={values.name} error={errors.name} />
      <FormField {...field} id="enquiry-email" name="email" label="Email" type="email" inputMode="email" required autoComplete="email" maxLength={254} value={values.email} error={errors.email} />
      <FormField
        {...field}
        id="enquiry-contact"
        name="contact"
        label="Contact Number"
        type="tel"
        inputMode="tel"
        required
        autoComplete="tel"
        placeholder="+91"
        hint="10-digit mobile number; +91 is optional."
        maxLength={20}
        value={values.contact}
        error={errors.contact}
        className="sm:col-span-2"
      />
      <FormField {...field} id="enquiry-address" name="address" label="Address" required multiline rows={2} autoComplete="street-address" maxLength={500} value={values.address} error={errors.address} className="sm:col-span-2" />
      <FormField {...field} id="enquiry-message" name="message" label="Message" multiline rows={4} maxLength={5000} value={values.message} error={errors.message} className="sm:col-span-2" />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={!hydrated || sending}>
          {sending ? "Sending..." : submitLabel}
        </button>
        <p className="text-sm text-ink/70">
          <span className="text-madder" aria-hidden="true">*</span> Required. We reply within 24 hours.
        </p>
      </div>
    </form>
  );
}

/** A button-styled link to the Get in Touch form ("Request Bulk Quote", "Book a Corporate Consultation"); it sends nothing. */
export function GetInTouchLink({ children, className = "btn-primary" }: { children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (!focusEnquiryForm(scrollBehavior())) return;
    event.preventDefault();
    window.history.replaceState(window.history.state, "", `#${GET_IN_TOUCH_ID}`);
  };
  return (
    <a href={`#${GET_IN_TOUCH_ID}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
