"use client";

import { useState, type ChangeEvent } from "react";
import { FieldMessages } from "@/components/forms/FormField";
import { Icon } from "@/components/ui/Icon";

type Props = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
  disabled?: boolean;
  required?: boolean;
};

/** A password input with a Show/Hide toggle, its hint and its error. */
export function PasswordField({ id, name, label, value, onChange, error, hint, autoComplete, disabled, required = true }: Props) {
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          value={value}
          onChange={onChange}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          maxLength={128}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          className={`block w-full rounded-lg border bg-white py-2.5 pr-12 pl-3.5 text-ink shadow-sm focus:border-saffron disabled:opacity-60 ${error ? "border-madder" : "border-ink/20"}`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink/70 hover:text-ink"
        >
          <Icon name={shown ? "eyeOff" : "eye"} size={20} />
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
