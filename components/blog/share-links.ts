/** Share links of an article for the social icons on the blog detail page. */
export type ShareNetwork = "facebook" | "twitter" | "linkedin" | "whatsapp";

export type ShareLink = { network: ShareNetwork; label: string; href: string };

/** Share URLs for an absolute article URL and its title; each opens the network's own share dialog. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: "facebook", label: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "twitter", label: "Share on X (Twitter)", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: "linkedin", label: "Share on LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: "whatsapp", label: "Share on WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}
