import Link from "next/link";

export default function ProductNotFound() {
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center py-24 text-center">
      <h1 className="text-3xl text-navy">No product data available</h1>
      <p className="mt-3 text-ink/70">This product may have been renamed or is no longer sold.</p>
      <Link href="/products" className="btn-primary mt-8">
        Browse all products
      </Link>
    </div>
  );
}
