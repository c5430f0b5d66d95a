import type { ReactNode } from "react";

/** The frame of the sign-in screens: a heading, a line under it and the form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl text-navy">{title}</h1>
        {intro ? <p className="mt-2 text-ink/80">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
