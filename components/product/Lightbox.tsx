"use client";

import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from "@/lib/catalog/gallery";
import type { ProductPhoto } from "@/lib/catalog";

/** Full-screen photo viewer: zoom 100–300 % in steps of 100, arrows, Escape closes, focus returns to the opener. */
export function Lightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: ProductPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [failed, setFailed] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const photo = photos[index];

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      if (e.key === "ArrowRight") onIndex((index + 1) % photos.length);
      if (e.key === "ArrowLeft") onIndex((index - 1 + photos.length) % photos.length);
      if (e.key === "Tab" && dialog.current) {
        // Keep focus inside the dialog.
        const items = dialog.current.querySelectorAll<HTMLElement>("button:not([disabled])");
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [index, photos.length, onClose, onIndex]);

  if (!photo) return null;
  const change = (i: number) => {
    setZoom(ZOOM_MIN);
    onIndex(i);
  };

  return (
    <div ref={dialog} role="dialog" aria-modal="true" aria-label={`Photo ${index + 1} of ${photos.length}: ${photo.alt}`} className="lightbox fixed inset-0 z-[60] flex flex-col bg-navy/95 text-white">
      <div className="flex items-center justify-between gap-2 p-3">
        <p className="text-sm" aria-live="polite">
          {index + 1} / {photos.length} · Zoom {zoom}%
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={() => setZoom(zoomOut)} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out" className="rounded-full p-2 hover:bg-white/10 disabled:opacity-40">
            <Icon name="zoomOut" />
          </button>
          <button type="button" onClick={() => setZoom(zoomIn)} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in" className="rounded-full p-2 hover:bg-white/10 disabled:opacity-40">
            <Icon name="zoomIn" />
          </button>
          <button ref={closeButton} type="button" onClick={onClose} aria-label="Close" className="rounded-full p-2 hover:bg-white/10">
            <Icon name="close" />
          </button>
        </div>
      </div>
      <div className="relative flex flex-1 items-center justify-center overflow-auto">
        {failed === photo.path ? (
          <p role="alert" className="text-lg">
            This image failed to load.
          </p>
        ) : (
          // A plain img: the lightbox shows the full-size file and scales it with CSS.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            key={photo.path}
            src={photo.path}
            alt={photo.alt}
            onError={() => setFailed(photo.path)}
            style={{ transform: `scale(${zoom / 100})` }}
            className="max-h-[80vh] max-w-[90vw] object-contain transition-transform duration-300"
          />
        )}
        {photos.length > 1 ? (
          <>
            <button type="button" onClick={() => change((index - 1 + photos.length) % photos.length)} aria-label="Previous photo" className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/10 p-3 hover:bg-white/20">
              <Icon name="left" />
            </button>
            <button type="button" onClick={() => change((index + 1) % photos.length)} aria-label="Next photo" className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/10 p-3 hover:bg-white/20">
              <Icon name="right" />
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
