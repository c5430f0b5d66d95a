import type { CSSProperties, ReactNode } from "react";
import { Body, Button, Container, Head, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { MailBrand } from "./index";

/**
 * The frame of the store's designed mails (React Email, docs/decisions/0059): the shop's logo
 * (absolute URL, the shop's name as its alt text) or its name, the content, and a footer with
 * the address and how to reach the shop. Tables and inline styles only, at most 560 px wide, so
 * Gmail, Outlook and phone mail apps show it alike. Its text twin is mailFooterText().
 */

/** The mail's width in px; under the 600 px mail clients are built around. */
export const MAIL_WIDTH = 560;

export const mailColors = { ink: "#1c1c1c", muted: "#5f5a52", line: "#e8e1d6", page: "#f6f1e9", brand: "#02132f", accent: "#8a5a2b" } as const;

export const mailText: CSSProperties = { margin: "0 0 14px", fontSize: "15px", lineHeight: "22px", color: mailColors.ink };

/** An absolute http(s) URL for a path of the site (a photo, the logo) or the URL itself when it is one already. */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, "")}/`).toString();
}

/** The shop's support line: email and phone as the settings give them. */
export function supportLine(brand: MailBrand): string | null {
  const ways = [brand.contactEmail, brand.contactPhone ? `+91 ${brand.contactPhone}` : ""].filter(Boolean);
  return ways.length ? `Questions? Write to us at ${ways.join(" or call ")}.` : null;
}

/** The footer as plain text: the same facts as the HTML's footer. */
export function mailFooterText(brand: MailBrand): string {
  return ["—", brand.name, brand.address, supportLine(brand), brand.siteUrl].filter(Boolean).join("\n");
}

export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{ backgroundColor: mailColors.brand, color: "#ffffff", fontSize: "15px", fontWeight: "bold", textDecoration: "none", borderRadius: "6px", padding: "12px 22px", display: "inline-block" }}
    >
      {children}
    </Button>
  );
}

export function MailLayout({ brand, preview, children }: { brand: MailBrand; preview: string; children: ReactNode }) {
  const support = supportLine(brand);
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: "16px 0", backgroundColor: mailColors.page, fontFamily: "Arial, Helvetica, sans-serif", color: mailColors.ink }}>
        <Container width={MAIL_WIDTH} style={{ width: "100%", maxWidth: `${MAIL_WIDTH}px`, backgroundColor: "#ffffff", borderRadius: "8px" }}>
          <Section style={{ padding: "20px 24px 12px", borderBottom: `1px solid ${mailColors.line}` }}>
            <Link href={brand.siteUrl} style={{ textDecoration: "none", color: mailColors.brand }}>
              {brand.logoUrl ? (
                <Img src={absoluteUrl(brand.logoUrl, brand.siteUrl)} alt={brand.name} height="40" style={{ height: "40px", width: "auto", border: 0 }} />
              ) : (
                <Text style={{ margin: 0, fontSize: "22px", fontWeight: "bold", color: mailColors.brand }}>{brand.name}</Text>
              )}
            </Link>
          </Section>
          <Section style={{ padding: "20px 24px 8px" }}>{children}</Section>
          <Section style={{ padding: "16px 24px 20px", borderTop: `1px solid ${mailColors.line}` }}>
            <Text style={{ margin: "0 0 4px", fontSize: "13px", fontWeight: "bold", color: mailColors.muted }}>{brand.name}</Text>
            {brand.address ? <Text style={{ margin: "0 0 4px", fontSize: "12px", lineHeight: "18px", color: mailColors.muted }}>{brand.address}</Text> : null}
            {support ? <Text style={{ margin: "0 0 4px", fontSize: "12px", lineHeight: "18px", color: mailColors.muted }}>{support}</Text> : null}
            <Link href={brand.siteUrl} style={{ fontSize: "12px", color: mailColors.accent }}>
              {brand.siteUrl.replace(/^https?:\/\//, "")}
            </Link>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
