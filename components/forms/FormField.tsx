import type { ChangeEvent, HTMLInputTypeAttribute } from "react";

type Props = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  maxLength?: number;
  className?: string;
};

const inputClass =
  "mt-1 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-ink/45 focus:border-saffron disabled:opacity-60";

/** A labelled input or textarea with its hint and its error message, wired with aria-describedby. */
export function FormField({ id, name, label, value, onChange, error, required, type = "text", multiline, rows = 4, hint, className = "", ...rest }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    value,
    onChange,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `${inputClass} ${error ? "border-madder" : "border-ink/20"}`,
    ...rest,
  };
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's name is just its label; `required` tells assistive technology. */}
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
          {required ? null : <span className="font-normal text-ink/70"> (optional)</span>}
        </label>
        {required ? (
          <span className="text-sm text-madder" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and error, with the ids its input names in aria-describedby (`{id}-hint`, `{id}-error`). */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-madder">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** An email input as every sign-in and account form asks for it. */
export function EmailField(props: Pick<Props, "id" | "name" | "value" | "onChange" | "error" | "disabled"> & { label?: string }) {
  return <FormField {...props} label={props.label ?? "Email"} type="email" inputMode="email" autoComplete="email" required maxLength={254} />;
}
