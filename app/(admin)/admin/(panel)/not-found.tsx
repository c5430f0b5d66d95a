import Link from "next/link";

export default function AdminNotFound() {
  return (
    <div className="max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="font-sans text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-slate-700">There is nothing at this address in the back office.</p>
      <Link href="/admin" className="mt-4 inline-block text-sm font-medium text-slate-900 underline underline-offset-2">
        Back to the dashboard
      </Link>
    </div>
  );
}
