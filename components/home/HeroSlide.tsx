import Image from "next/image";
import Link from "next/link";
import type { Slide } from "@/lib/server/content";

/** The first slide of the home slider, rendered on the server so it is in the HTML and paints first. */
export function HeroSlide({ slide }: { slide: Slide }) {
  return (
    <section aria-label="Featured" className="relative isolate overflow-hidden bg-navy">
      <Image src={slide.photo} alt={slide.heading} fill priority sizes="100vw" className="-z-10 object-cover opacity-70" />
      <div className="container-page flex min-h-[420px] flex-col justify-center py-16 text-white md:min-h-[520px]">
        <h1 className="max-w-2xl text-4xl leading-tight md:text-6xl">{slide.heading}</h1>
        {slide.subheading ? <p className="mt-4 max-w-xl text-lg text-white/90">{slide.subheading}</p> : null}
        {slide.url ? (
          <p className="mt-8">
            <Link href={slide.url} className="btn-primary">
              {slide.buttonText || slide.linkText || "Shop now"}
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
