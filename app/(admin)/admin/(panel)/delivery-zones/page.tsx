import type { Metadata } from "next";
import Link from "next/link";
import { Badge, buttonClass, Empty, FilterField, FilterForm, inputClass, Notice, PageHeader, Section, Table } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/accounts";
import { can } from "@/lib/accounts/access";
import { checkPin, listZones, type PinCheck } from "@/lib/cart";
import { pinCheckSchema } from "@/lib/cart/commerce-admin";
import { formatDeliveryDate } from "@/lib/cart/delivery";

export const metadata: Metadata = { title: "Delivery zones" };

const days = (r: { min: number; max: number }) => (r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);

function PinAnswer({ check }: { check: PinCheck }) {
  if (!check.zone) return <p className="text-sm text-slate-800">PIN {check.pin}: no active zone serves it (&ldquo;We do not deliver to this PIN code yet&rdquo;).</p>;
  const line = (label: string, a: PinCheck["in_stock"]) =>
    a.serviceable ? (
      <li>
        {label}: {a.message}
        {a.date ? ` (${formatDeliveryDate(a.date)})` : ""}
        {a.express ? `; ${a.express.message}` : ""}
      </li>
    ) : null;
  return (
    <div className="text-sm text-slate-800">
      <p>
        {`PIN ${check.pin} is in `}
        <strong>{check.zone}</strong>. Ordered today:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {line("In stock", check.in_stock)}
        {line("Made to order", check.made_to_order)}
      </ul>
    </div>
  );
}

/**
 * /admin/delivery-zones?pin= (settings:read): the served PIN ranges with their transit days, and a
 * PIN checker giving the zone and the promise a shopper sees. settings:update adds and edits.
 */
export default async function DeliveryZonesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const pinRaw = typeof params.pin === "string" ? params.pin : undefined;
  const staff = await requireStaffPage(pinRaw ? `/admin/delivery-zones?pin=${encodeURIComponent(pinRaw)}` : "/admin/delivery-zones", "settings", "read");
  const zones = await listZones();
  const pin = pinRaw === undefined ? null : pinCheckSchema.safeParse({ pin: pinRaw });
  const check = pin?.success ? await checkPin(pin.data.pin) : null;
  const canUpdate = can(staff, "settings", "update");
  return (
    <>
      <PageHeader
        title="Delivery zones"
        intro="The PIN ranges the shop delivers to, each with its transit days after dispatch. Active zones may not overlap. PINs starting with 9 (APO/FPO) are never served."
        actions={
          canUpdate ? (
            <Link href="/admin/delivery-zones/new" className={buttonClass}>
              New zone
            </Link>
          ) : null
        }
      />
      {params.saved ? <Notice tone="green">The zone is saved.</Notice> : null}
      <Section title="Check a PIN">
        <FilterForm action="/admin/delivery-zones" label="Check a PIN code">
          <FilterField label="PIN code" htmlFor="z-pin">
            <input id="z-pin" name="pin" inputMode="numeric" defaultValue={pinRaw ?? ""} maxLength={7} className={inputClass} aria-describedby={pin && !pin.success ? "z-pin-error" : undefined} />
          </FilterField>
        </FilterForm>
        {pin && !pin.success ? (
          <p id="z-pin-error" role="alert" className="text-sm text-red-700">
            {pin.error.issues[0]?.message}
          </p>
        ) : null}
        {check ? <PinAnswer check={check} /> : null}
      </Section>
      <Table caption="Delivery zones" head={["Zone", "PINs", "Standard transit", "Express transit", "State"]} empty={zones.length ? null : <Empty>No zone: the shop delivers nowhere.</Empty>}>
        {zones.map((z) => (
          <tr key={z.id}>
            <td className="min-w-[12rem]">
              <Link href={`/admin/delivery-zones/${z.id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {z.name}
              </Link>
            </td>
            <td className="font-mono text-xs whitespace-nowrap">
              {z.pin_from}–{z.pin_to}
            </td>
            <td className="whitespace-nowrap">{days(z.standard_days)} days</td>
            <td className="whitespace-nowrap">{days(z.express_days)} days</td>
            <td>{z.active ? <Badge tone="green">Active</Badge> : <Badge>Deactivated</Badge>}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
