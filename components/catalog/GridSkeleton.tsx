export function GridSkeleton() {
  return (
    <div aria-busy="true" className="space-y-8">
      <div className="h-24 animate-pulse rounded-xl bg-white" />
      <p>Loading...</p>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-white" />
        ))}
      </ul>
    </div>
  );
}
