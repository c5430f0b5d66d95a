"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { PasswordField } from "@/components/auth/PasswordField";
import { apiPost, apiRequest, messageOf } from "@/lib/api/client";
import { refreshSessionUser } from "@/lib/accounts/client/session";
import type { ApiAction } from "@/lib/api/types";
import { profileSchema } from "@/lib/accounts/schemas";
import { PASSWORD_HINT } from "@/lib/accounts/auth-schemas";

const MAX_PHOTO = 2 * 1024 * 1024;
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];

/**
 * Basic Info (docs/storefront.md, Accounts): Your name, Your Phone, Photo, and a new password (with the current one).
 * The old site posted this form to auth/password/forget_request; here it goes to /profile/avatar
 * and /profile/update and changes the account.
 */
export function ProfileForm({ userId, name, phone }: { userId: number; name: string; phone: string | null }) {
  const router = useRouter();
  const [values, setValues] = useState({ name, phone: phone ?? "", current_password: "", new_password: "", confirm_password: "" });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, errors, submit, clearError } = useSubmit({ toastErrors: true });
  const [uploading, setUploading] = useState(false);
  const sending = busy || uploading;
  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
    clearError(event.target.name);
  };

  return (
    <form
      noValidate
      aria-label="Basic Info"
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (photoError) return;
        const body = { ...values, user_id: userId };
        const checked = profileSchema.safeParse(body);
        if (checked.success && photo) {
          setUploading(true);
          try {
            const form = new FormData();
            form.append("photo", photo);
            await apiRequest<ApiAction>("/profile/avatar", { method: "POST", body: form });
          } catch (error) {
            const message = messageOf(error, "Error updating profile");
            setPhotoError(message);
            toast.error(message);
            return;
          } finally {
            setUploading(false);
          }
        }
        const answer = await submit(profileSchema, body, () => apiPost<ApiAction>("/profile/update", body), "Error updating profile");
        if (answer?.result) {
          toast.success(answer.message);
          setValues((v) => ({ ...v, current_password: "", new_password: "", confirm_password: "" }));
          setPhoto(null);
          if (fileInput.current) fileInput.current.value = "";
          refreshSessionUser();
          router.refresh();
        }
      }}
    >
      <FormField id="profile-name" name="name" label="Your name" required autoComplete="name" maxLength={100} value={values.name} onChange={change} error={errors.name} disabled={sending} />
      <FormField
        id="profile-phone"
        name="phone"
        label="Your Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91"
        hint="Format: 1234567890"
        maxLength={16}
        value={values.phone}
        onChange={change}
        error={errors.phone}
        disabled={sending}
      />
      <div className="sm:col-span-2">
        <label htmlFor="profile-photo" className="block text-sm font-semibold">
          Photo <span className="font-normal text-ink/70">(optional)</span>
        </label>
        <input
          ref={fileInput}
          id="profile-photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={sending}
          aria-describedby={photoError ? "profile-photo-hint profile-photo-error" : "profile-photo-hint"}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setPhoto(file);
            setPhotoError(file && (!PHOTO_TYPES.includes(file.type) || file.size > MAX_PHOTO) ? "Please choose a JPEG, PNG or WebP image of at most 2 MB." : undefined);
          }}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-sand file:px-4 file:py-2 file:font-semibold"
        />
        <p id="profile-photo-hint" className="mt-1 text-xs text-ink/70">
          JPEG, PNG or WebP, at most 2 MB. It is cropped to a square.
        </p>
        {photoError ? (
          <p id="profile-photo-error" className="mt-1 text-sm font-medium text-madder">
            {photoError}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-1 text-sm text-ink/75">To change your password, enter the current one and the new one twice.</legend>
        <PasswordField id="profile-current" name="current_password" label="Current password" autoComplete="current-password" required={false} value={values.current_password} onChange={change} error={errors.current_password} disabled={sending} />
        <PasswordField id="profile-new" name="new_password" label="New password" autoComplete="new-password" required={false} hint={PASSWORD_HINT} value={values.new_password} onChange={change} error={errors.new_password} disabled={sending} />
        <PasswordField id="profile-confirm" name="confirm_password" label="Confirm password" autoComplete="new-password" required={false} value={values.confirm_password} onChange={change} error={errors.confirm_password} disabled={sending} />
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Saving..." : "Update Profile"}
        </button>
      </div>
    </form>
  );
}
