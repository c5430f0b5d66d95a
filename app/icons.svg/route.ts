import { iconSprite } from "@/components/ui/Icon";

// Built once at build time and served as a static file; pages ask for /icons.svg?v=<version>.
export const dynamic = "force-static";

export function GET() {
  return new Response(iconSprite(), { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });
}
