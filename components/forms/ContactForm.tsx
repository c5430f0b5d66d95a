"use client";

import { contactSchema } from "@/lib/content/schemas";
import { FormField } from "./FormField";
import { useApiForm } from "./useApiForm";

const EMPTY = { name: "", surname: "", email: "", phone: "", subject: "", message: "" };

/** The contact page's message form: every field is sent to POST /contact/save. */
export function ContactForm() {
  const { values, errors, sending, hydrated, formRef, onChange, onSubmit } = useApiForm({ initial: EMPTY, schema: contactSchema, path: "/contact/save" });
  const field = { onChange, disabled: sending };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-5 sm:grid-cols-2">
      <FormField {...field} id="contact-name" name="name" label="First Name" required autoComplete="given-name" maxLength={100} value={values.name} error={errors.name} />
      <FormField {...field} id="contact-surname" name="surname" label="Surname" autoComplete="family-name" maxLength={100} value={values.surname} error={errors.surname} />
      <FormField {...field} id="contact-email" name="email" label="Email" type="email" inputMode="email" required autoComplete="email" maxLength={254} value={values.email} error={errors.email} />
      <FormField
        {...field}
        id="contact-phone"
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91"
        hint="10-digit mobile number; +91 is optional."
        maxLength={20}
        value={values.phone}
        error={errors.phone}
      />
      <FormField {...field} id="contact-subject" name="subject" label="Subject" maxLength={150} value={values.subject} error={errors.subject} className="sm:col-span-2" />
      <FormField {...field} id="contact-message" name="message" label="Message" required multiline rows={5} maxLength={5000} value={values.message} error={errors.message} className="sm:col-span-2" />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={!hydrated || sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
        <p className="text-sm text-ink/70">
          <span className="text-madder" aria-hidden="true">*</span> Required. We reply within 24 hours.
        </p>
      </div>
    </form>
  );
}
