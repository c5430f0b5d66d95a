import Link from "next/link";

/** A page the signed-in role may not open: 403, this text, never the page's content. */
export default function AdminForbidden() {
  return (
    <div className="max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="font-sans text-xl font-semibold">You do not have access to this page</h1>
      <p className="mt-2 text-sm text-slate-700">Your role does not allow it. Ask the shop&apos;s owner if you need it.</p>
      <Link href="/admin" className="mt-4 inline-block text-sm font-medium text-slate-900 underline underline-offset-2">
        Back to the dashboard
      </Link>
    </div>
  );
}
