import type { MailBrand, MailMessage } from "./index";

/** The mails the store sends, as text and HTML, signed with the shop's name and logo. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

type Part = { text: string } | { code: string } | { button: { label: string; href: string } };

function compose(brand: MailBrand, to: string, subject: string, greeting: string, parts: Part[]): MailMessage {
  const footer = [brand.name, brand.address, brand.siteUrl, brand.contactEmail, brand.contactPhone ? `+91 ${brand.contactPhone}` : ""].filter(Boolean);
  const text = [
    greeting,
    "",
    ...parts.flatMap((p) => ("text" in p ? [p.text, ""] : "code" in p ? [`    ${p.code}`, ""] : [`${p.button.label}: ${p.button.href}`, ""])),
    "—",
    ...footer,
  ].join("\n");
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;width:auto;border:0">`
    : `<strong style="font-size:20px">${escapeHtml(brand.name)}</strong>`;
  const body = parts
    .map((p) => {
      if ("text" in p) return `<p style="margin:0 0 16px">${escapeHtml(p.text)}</p>`;
      if ("code" in p)
        return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(p.code)}</p>`;
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(p.button.href)}" style="display:inline-block;background:#02132f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(p.button.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555">${escapeHtml(p.button.href)}</p>`;
    })
    .join("");
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f6f1e9;font-family:Arial,Helvetica,sans-serif;color:#1c1c1c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px">${logo}</td></tr>
<tr><td style="padding:16px 24px 8px;font-size:15px;line-height:1.5"><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${body}</td></tr>
<tr><td style="padding:16px 24px 24px;font-size:12px;color:#666;border-top:1px solid #eee">${footer.map(escapeHtml).join("<br>")}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

const hello = (name?: string | null) => (name?.trim() ? `Hello ${name.trim()},` : "Hello,");

export function signInCodeMail(brand: MailBrand, to: string, code: string, name?: string | null): MailMessage {
  return compose(brand, to, `Your ${brand.name} sign-in code: ${code}`, hello(name), [
    { text: "Use this code to sign in. It works once and expires in 10 minutes." },
    { code },
    { text: "If you did not ask for it, you can ignore this mail: nobody can sign in without the code." },
  ]);
}

export function verificationCodeMail(brand: MailBrand, to: string, code: string, purpose: string, name?: string | null): MailMessage {
  return compose(brand, to, `Your ${brand.name} code: ${code}`, hello(name), [
    { text: `Use this code to ${purpose}. It works once and expires in 10 minutes.` },
    { code },
    { text: "If you did not ask for it, ignore this mail and consider changing your password." },
  ]);
}

export function passwordResetMail(brand: MailBrand, to: string, link: string, name?: string | null): MailMessage {
  return compose(brand, to, `Reset your ${brand.name} password`, hello(name), [
    { text: "Someone asked to reset the password of your account. The link below works once, for 30 minutes." },
    { button: { label: "Choose a new password", href: link } },
    { text: "If it was not you, ignore this mail: your password stays as it is." },
  ]);
}

export function accountExistsMail(brand: MailBrand, to: string, name?: string | null): MailMessage {
  return compose(brand, to, `You already have a ${brand.name} account`, hello(name), [
    { text: "Someone tried to create an account with this email address, which already has one." },
    { text: "If it was you, sign in instead, or reset your password if you have forgotten it." },
    { button: { label: "Sign in", href: `${brand.siteUrl}/login` } },
  ]);
}

export function welcomeMail(brand: MailBrand, to: string, name: string, confirmLink: string): MailMessage {
  return compose(brand, to, `Welcome to ${brand.name}: please confirm your email`, hello(name), [
    { text: "Your account is ready. Please confirm that this email address is yours; the link works for 3 days." },
    { button: { label: "Confirm my email", href: confirmLink } },
    { text: "Then sign in to keep your addresses, wishlist and orders in one place. If you did not open an account, ignore this mail." },
  ]);
}

/** A staff invitation: who invited, the role, and the link that sets the password (it expires). */
export function staffInviteMail(brand: MailBrand, to: string, name: string | null, invitedBy: string, role: string, link: string, expiresAt: string): MailMessage {
  const until = new Date(expiresAt).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
  return compose(brand, to, `You are invited to the ${brand.name} back office`, hello(name), [
    { text: `${invitedBy} invited you to the back office of ${brand.name} as ${role}.` },
    { text: `Choose your password with the link below. It works once, until ${until} (India time).` },
    { button: { label: "Choose my password", href: link } },
    { text: "Then sign in to the back office with this email address and that password. If you did not expect this, ignore this mail." },
  ]);
}

export function noticeMail(brand: MailBrand, to: string, subject: string, lines: string[], name?: string | null): MailMessage {
  return compose(brand, to, subject, hello(name), lines.map((text) => ({ text })));
}

/**
 * A reply staff wrote in the back office's inbox: their text as they typed it, paragraph by
 * paragraph (no greeting added: they write their own), then the shopper's message quoted.
 */
export function inboxReplyMail(brand: MailBrand, to: string, subject: string, body: string, original: { at: string; message: string } | null): MailMessage {
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [first = "", ...rest] = paragraphs;
  const parts: Part[] = rest.map((text) => ({ text }));
  if (original) {
    const on = new Date(original.at).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
    parts.push({ text: `On ${on} (India time) you wrote:` }, { text: original.message });
  }
  return compose(brand, to, subject, first, parts);
}
