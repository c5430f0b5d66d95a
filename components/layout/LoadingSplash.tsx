/** Full-viewport splash: the logo mark bouncing 20 px, 1.5 s a cycle, on #02132f. */
export function LoadingSplash({ logo }: { logo: string }) {
  return (
    <div role="status" aria-live="polite" className="loading-splash fixed inset-0 z-[70] flex items-center justify-center bg-[#02132f]">
      {/* eslint-disable-next-line @next/next/no-img-element -- a tiny fixed-size mark, shown before anything else */}
      <img src={logo} alt="Loading..." width={200} height={200} className="loading-splash-logo h-[200px] w-[200px]" />
    </div>
  );
}
