import type { ApiAddress } from "@/lib/api/types";
import { displayPhone } from "@/lib/platform/phone";

/** An address as the spec lays it out: address; postal_code - city, state, country; phone. */
export function AddressText({ address }: { address: ApiAddress }) {
  return (
    <address className="text-sm leading-relaxed not-italic">
      <span className="block whitespace-pre-line">{address.address}</span>
      <span className="block">
        {address.postal_code} - {address.city_name}, {address.state_name}, {address.country_name}
      </span>
      <span className="block">{displayPhone(address.phone)}</span>
    </address>
  );
}
