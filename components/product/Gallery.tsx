"use client";

import Image from "next/image";
import { useCallback, useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { nextIndex, photoIndex, prevIndex, THUMB_WINDOW, VARIANT_PHOTO_EVENT, windowStart } from "@/lib/catalog/gallery";
import type { ProductPhoto } from "@/lib/catalog";
import { Lightbox } from "./Lightbox";

/**
 * Main photo with a 4-thumbnail window and wrapping arrows; the main photo opens the lightbox.
 * A product sold by variant opens on the chosen variant's photo (`initial`), and shows the photo
 * of each variant the picker chooses (VARIANT_PHOTO_EVENT).
 */
export function Gallery({ photos, name, initial = 0 }: { photos: ProductPhoto[]; name: string; initial?: number }) {
  const [selected, setSelected] = useState(initial);
  const [start, setStart] = useState(() => windowStart(initial, 0, photos.length));
  const [open, setOpen] = useState(false);

  const select = useCallback(
    (i: number) => {
      setSelected(i);
      setStart((s) => windowStart(i, s, photos.length));
    },
    [photos.length],
  );
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    const show = (event: Event) => {
      const i = photoIndex(photos, (event as CustomEvent<string>).detail, -1);
      if (i >= 0) select(i);
    };
    window.addEventListener(VARIANT_PHOTO_EVENT, show);
    return () => window.removeEventListener(VARIANT_PHOTO_EVENT, show);
  }, [photos, select]);

  const photo = photos[selected];
  if (!photo) return <div className="aspect-square rounded-2xl bg-sand" />;
  const visible = photos.slice(start, start + THUMB_WINDOW);

  return (
    <div className="space-y-4">
      <button type="button" onClick={() => setOpen(true)} aria-label={`Open photo ${selected + 1} of ${photos.length} in full screen`} className="relative block aspect-square w-full cursor-zoom-in overflow-hidden rounded-2xl bg-sand">
        {/* Product photos are 800 px: one 800 px file serves every screen (two srcset entries, not five). */}
        <Image src={photo.path} alt={photo.alt || name} width={800} height={800} priority={selected === initial} fetchPriority="high" className="absolute inset-0 h-full w-full object-cover" />
      </button>
      {photos.length > 1 ? (
        <div className="flex items-center gap-2">
          <button type="button" onClick={() => select(prevIndex(selected, photos.length))} aria-label="Previous photo" className="rounded-full border border-ink/15 p-2 hover:bg-sand">
            <Icon name="left" />
          </button>
          <ul className="grid flex-1 grid-cols-4 gap-2" aria-label="Product photos">
            {visible.map((p, i) => {
              const index = start + i;
              return (
                <li key={p.path}>
                  <button
                    type="button"
                    onClick={() => select(index)}
                    aria-label={`Show photo ${index + 1}: ${p.alt}`}
                    aria-current={index === selected ? "true" : undefined}
                    data-index={index}
                    className={`relative block aspect-square w-full overflow-hidden rounded-lg border-2 ${index === selected ? "border-saffron" : "border-transparent"}`}
                  >
                    <Image src={p.path} alt="" width={128} height={128} className="absolute inset-0 h-full w-full object-cover" />
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={() => select(nextIndex(selected, photos.length))} aria-label="Next photo" className="rounded-full border border-ink/15 p-2 hover:bg-sand">
            <Icon name="right" />
          </button>
        </div>
      ) : null}
      {open ? <Lightbox photos={photos} index={selected} onIndex={select} onClose={close} /> : null}
    </div>
  );
}
