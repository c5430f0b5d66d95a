"use client";

import { useId, useState } from "react";
import { Icon } from "@/components/ui/Icon";

export type AccordionSection = { title: string; html: string; fallback: string };

/** One section open at a time; clicking the open one closes it. */
export function DetailsAccordion({ sections, initiallyOpen = 0 }: { sections: AccordionSection[]; initiallyOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const id = useId();
  return (
    <div className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
      {sections.map((s, i) => {
        const expanded = open === i;
        return (
          <section key={s.title}>
            <h2 className="font-sans text-base">
              <button
                type="button"
                id={`${id}-h${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-p${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between px-5 py-4 text-left font-semibold hover:bg-sand/40"
              >
                {s.title}
                <Icon name="down" className={`transition-transform ${expanded ? "rotate-180" : ""}`} />
              </button>
            </h2>
            <div id={`${id}-p${i}`} role="region" aria-labelledby={`${id}-h${i}`} hidden={!expanded} className="rich-text px-5 pb-5 text-ink/85">
              {s.html ? <div dangerouslySetInnerHTML={{ __html: s.html }} /> : <p>{s.fallback}</p>}
            </div>
          </section>
        );
      })}
    </div>
  );
}
