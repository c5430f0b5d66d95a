"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { FormField } from "@/components/forms/FormField";
import { useSubmit } from "@/components/forms/useSubmit";
import { Modal } from "@/components/ui/Modal";
import { apiGet, apiPost } from "@/lib/api/client";
import type { ApiAction, ApiAddress, ApiList } from "@/lib/api/types";
import { addressCreateSchema } from "@/lib/accounts/schemas";

type Option = { id: number; name: string };
type ListAnswer = Partial<ApiList<Option[]>>;

/** The six location messages of docs/api-v2.md, per list. */
const MESSAGES = {
  countries: { failed: "Failed to fetch countries.", error: "An error occurred while fetching countries." },
  states: { failed: "Failed to fetch states.", error: "An error occurred while fetching states." },
  cities: { failed: "Failed to fetch cities.", error: "An error occurred while fetching cities." },
} as const;

type Values = { address: string; country: string; state: string; city: string; postal_code: string; phone: string };
const EMPTY: Values = { address: "", country: "", state: "", city: "", postal_code: "", phone: "" };

const selectClass = "mt-1 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-ink shadow-sm focus:border-saffron disabled:opacity-60";

/**
 * New Address / Edit Address (docs/storefront.md, Accounts): Address, then Country, State and City selects loaded in
 * cascade (a country loads its states, a state its cities; the loading flag is on while any list
 * loads), Postal Code and Phone. Saves through user/shipping/create or user/shipping/update.
 */
export function AddressModal({
  userId,
  open,
  onClose,
  address,
  onSaved,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
  address?: ApiAddress | null;
  onSaved: (saved: ApiAddress) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [countries, setCountries] = useState<Option[]>([]);
  const [states, setStates] = useState<Option[]>([]);
  const [cities, setCities] = useState<Option[]>([]);
  const [pending, setPending] = useState(0);
  const { busy, error, errors, submit, clearError } = useSubmit({ toastErrors: true });
  const loading = pending > 0;
  // Answers for an earlier country or state are dropped when a newer choice was made meanwhile.
  const latest = useRef({ states: "", cities: "" });

  const load = useCallback(async (kind: keyof typeof MESSAGES, path: string): Promise<Option[]> => {
    setPending((n) => n + 1);
    try {
      const answer = await apiGet<ListAnswer>(path);
      if (!answer.success || !Array.isArray(answer.data)) {
        toast.error(MESSAGES[kind].failed);
        return [];
      }
      return answer.data;
    } catch {
      toast.error(MESSAGES[kind].error);
      return [];
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const loadStates = useCallback(
    async (countryId: string) => {
      latest.current.states = countryId;
      setStates([]);
      setCities([]);
      if (!countryId) return;
      const list = await load("states", `/states-by-country/${countryId}`);
      if (latest.current.states === countryId) setStates(list);
    },
    [load],
  );

  const loadCities = useCallback(
    async (stateId: string) => {
      latest.current.cities = stateId;
      setCities([]);
      if (!stateId) return;
      const list = await load("cities", `/cities-by-state/${stateId}`);
      if (latest.current.cities === stateId) setCities(list);
    },
    [load],
  );

  // Opening fills the form (an address to edit, or empty) and loads the lists it needs.
  useEffect(() => {
    if (!open) return;
    let live = true;
    const start = address
      ? { address: address.address, country: String(address.country), state: String(address.state), city: String(address.city), postal_code: address.postal_code, phone: address.phone }
      : EMPTY;
    setValues(start);
    void (async () => {
      const list = await load("countries", "/countries");
      if (!live) return;
      setCountries(list);
      // The store ships within India only: with one country, it is chosen for the shopper.
      const country = start.country || (list.length === 1 ? String(list[0]?.id) : "");
      if (country !== start.country) setValues((v) => ({ ...v, country }));
      if (country) await loadStates(country);
      if (live && start.state) await loadCities(start.state);
    })();
    return () => {
      live = false;
    };
  }, [open, address, load, loadStates, loadCities]);

  const change = (name: keyof Values, value: string) => {
    setValues((v) => {
      if (name === "country") return { ...v, country: value, state: "", city: "" };
      if (name === "state") return { ...v, state: value, city: "" };
      return { ...v, [name]: value };
    });
    clearError(name);
    if (name === "country") void loadStates(value);
    if (name === "state") void loadCities(value);
  };

  const select = (name: "country" | "state" | "city", label: string, placeholder: string, options: Option[]) => (
    <div>
      <div className="flex items-baseline gap-1">
        <label htmlFor={`address-${name}`} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <span className="text-sm text-madder" aria-hidden="true">
          *
        </span>
      </div>
      <select
        id={`address-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => change(name, e.target.value)}
        disabled={busy || (name !== "country" && options.length === 0)}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `address-${name}-error` : undefined}
        className={`${selectClass} ${errors[name] ? "border-madder" : "border-ink/20"}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {errors[name] ? (
        <p id={`address-${name}-error`} className="mt-1 text-sm font-medium text-madder">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Modal open={open} onClose={onClose} title={address ? "Edit Address" : "New Address"} wide>
      <form
        noValidate
        aria-label={address ? "Edit Address" : "New Address"}
        aria-busy={loading || busy}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const body = { ...values, user_id: userId, ...(address ? { id: address.id } : {}) };
          const answer = await submit(addressCreateSchema, body, () =>
            apiPost<ApiAction & { data: ApiAddress }>(address ? "/user/shipping/update" : "/user/shipping/create", body),
          );
          if (answer?.result) {
            toast.success(answer.message);
            onSaved(answer.data);
            onClose();
          } else if (answer) {
            toast.error(answer.message || "An error occurred.");
          }
        }}
      >
        <FormField
          id="address-address"
          name="address"
          label="Address"
          multiline
          rows={3}
          required
          autoComplete="street-address"
          maxLength={500}
          value={values.address}
          onChange={(e) => change("address", e.target.value)}
          error={errors.address}
          disabled={busy}
          className="sm:col-span-2"
        />
        {select("country", "Country", "Select your country", countries)}
        {select("state", "State", "Select your state", states)}
        {select("city", "City", "Select your city", cities)}
        <FormField
          id="address-postal"
          name="postal_code"
          label="Postal Code"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          maxLength={6}
          value={values.postal_code}
          onChange={(e) => change("postal_code", e.target.value.replace(/\D/g, "").slice(0, 6))}
          error={errors.postal_code}
          disabled={busy}
        />
        <FormField
          id="address-phone"
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91"
          hint="Format: 1234567890"
          required
          maxLength={16}
          value={values.phone}
          onChange={(e) => change("phone", e.target.value)}
          error={errors.phone}
          disabled={busy}
          className="sm:col-span-2"
        />
        <p aria-live="polite" className="text-sm text-ink/70 sm:col-span-2">
          {loading ? "Loading..." : ""}
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-madder sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy || loading}>
            {busy ? "Saving..." : "Save"}
          </button>
          <button type="button" onClick={onClose} className="rounded-full border border-ink/20 px-6 py-3 text-sm font-semibold hover:bg-sand">
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
