/** Digits of an Indian phone number without the country code: "+91 98100 12345" → "9810012345". */
export function localDigits(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length > 10 && digits.startsWith("91") ? digits.slice(-10) : digits;
}

/** Displayed numbers carry +91: "9810012345" → "+91 98100 12345". */
export function displayPhone(phone: string | null | undefined): string {
  const d = localDigits(phone);
  if (!d) return "";
  return d.length === 10 ? `+91 ${d.slice(0, 5)} ${d.slice(5)}` : `+91 ${d}`;
}

export const telHref = (phone: string | null | undefined) => `tel:+91${localDigits(phone)}`;

/** The floating chat link is built from the contact phone. */
export const chatHref = (phone: string | null | undefined) => `https://wa.me/91${localDigits(phone)}`;
