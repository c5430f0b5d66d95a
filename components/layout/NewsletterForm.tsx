"use client";

import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { apiPost, messageOf } from "@/lib/api/client";
import type { ApiAction } from "@/lib/api/types";

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const res = await apiPost<ApiAction>("/subscriber-add", { email });
      if (res.result) {
        toast.success(res.message);
        setEmail("");
      } else {
        toast.error(res.message || "An error occurred.");
      }
    } catch (error) {
      toast.error(messageOf(error, "An error occurred. Please try again."));
    } finally {
      setSending(false);
    }
  }

  return (
    // The field wants room for its whole placeholder (15rem): in a narrower column, or on a phone,
    // the button goes under it instead of squeezing it (and stays clear of the floating buttons).
    <form onSubmit={onSubmit} className="mt-4 flex flex-wrap gap-2" aria-label="Newsletter signup">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        required
        value={email}
        disabled={sending}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="Your email address"
        className="min-w-0 flex-[1_1_15rem] rounded-full border border-white/20 bg-white/10 px-4 py-2 text-sm text-white placeholder:text-white/60 disabled:opacity-60"
      />
      <button type="submit" disabled={sending} className="btn-primary px-5 py-2">
        {sending ? "Sending..." : "Subscribe"}
      </button>
    </form>
  );
}
