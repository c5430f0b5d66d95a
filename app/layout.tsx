import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getConfig } from "@/lib/platform/config";
import { playfair } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(getConfig().siteUrl),
};

export const viewport: Viewport = {
  themeColor: "#02132f",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN" className={playfair.variable}>
      <body>{children}</body>
    </html>
  );
}
