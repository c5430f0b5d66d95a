"use client";

import { useEffect } from "react";

/** The store's name; settings cannot be read here, since this replaces a root layout that failed. */
const BRAND = "Kesar Home";

/**
 * The last-resort error page, when the root layout itself fails. It replaces that layout, so it
 * brings its own <html> and <body> and inline styles (globals.css and fonts may not be there), and
 * a plain link home (a full page load, since the app's router may be what broke).
 */
export default function GlobalError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="en-IN">
      <body style={{ margin: 0, background: "#faf7f2", color: "#1f1b16", fontFamily: "system-ui, sans-serif" }}>
        <title>{`Something went wrong | ${BRAND}`}</title>
        <main style={{ minHeight: "100vh", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", padding: "24px", textAlign: "center" }}>
          <p style={{ margin: 0, fontFamily: "Georgia, serif", fontSize: "28px", color: "#02132f" }}>{BRAND}</p>
          <h1 style={{ margin: "24px 0 0", fontSize: "22px", fontWeight: 600, color: "#02132f" }}>Something went wrong.</h1>
          <p style={{ margin: "12px 0 0", maxWidth: "32rem", lineHeight: 1.5 }}>We could not show this page just now. Please try again in a moment.</p>
          {/* A plain <a>: a full page load, since the app's router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" style={{ marginTop: "32px", padding: "12px 24px", borderRadius: "9999px", background: "#a0561a", color: "#fff", fontWeight: 600, textDecoration: "none" }}>
            Back to Home
          </a>
        </main>
      </body>
    </html>
  );
}
