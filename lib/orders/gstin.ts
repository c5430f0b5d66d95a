/**
 * GSTINs and GST state codes. A GSTIN is 15 characters: the 2-digit code of the registering
 * state, the holder's PAN (5 letters, 4 digits, 1 letter), the registration's number within that
 * PAN and state (1–9 or A–Z), the letter Z, and a check character over the first 14 computed
 * with the base-36 Luhn "mod N" algorithm.
 */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GST state (and union territory) codes and their names, as on the GST portal. */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

/** Older or everyday names of states, lower-cased, to the name the code table uses. */
const ALIASES: Readonly<Record<string, string>> = {
  "nct of delhi": "Delhi",
  "new delhi": "Delhi",
  orissa: "Odisha",
  pondicherry: "Puducherry",
  uttaranchal: "Uttarakhand",
  "jammu & kashmir": "Jammu and Kashmir",
  "andaman & nicobar islands": "Andaman and Nicobar Islands",
  "daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
  "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
};

/** A state name compared without case or extra spaces: " new  DELHI " ~ "new delhi". */
export const normalizeState = (name: string | null | undefined) => (name ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** Whether two state names are the same state (case, spaces and known aliases aside). */
export function sameState(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = canonicalState(a);
  const y = canonicalState(b);
  return x !== "" && x === y;
}

function canonicalState(name: string | null | undefined): string {
  const key = normalizeState(name);
  return normalizeState(ALIASES[key] ?? key);
}

/** The GST code of a state by its name ("Maharashtra" → "27"), or null. */
export function stateCodeOf(name: string | null | undefined): string | null {
  const wanted = canonicalState(name);
  if (!wanted) return null;
  for (const [code, state] of Object.entries(GST_STATES)) if (normalizeState(state) === wanted) return code;
  return null;
}

/** The state's name by its GST code ("07" → "Delhi"), or null. */
export const stateNameOf = (code: string): string | null => GST_STATES[code] ?? null;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** "07aakfk4821m1z5 " → "07AAKFK4821M1Z5": upper case, no spaces. */
export const normalizeGstin = (value: string) => value.replace(/\s+/g, "").toUpperCase();

export type GstinCheck = { ok: true; gstin: string; stateCode: string; stateName: string; pan: string } | { ok: false; message: string };

/** Checks a GSTIN's shape, state code and check character. */
export function checkGstin(raw: string): GstinCheck {
  const gstin = normalizeGstin(raw);
  if (!GSTIN_SHAPE.test(gstin)) return { ok: false, message: "A GSTIN has 15 characters: state code, PAN, entity number, Z and a check character." };
  const stateCode = gstin.slice(0, 2);
  const stateName = stateNameOf(stateCode);
  if (!stateName) return { ok: false, message: "The GSTIN's state code is not a GST state code." };
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, message: "The GSTIN's check character does not match. Please check it for typing mistakes." };
  return { ok: true, gstin, stateCode, stateName, pan: gstin.slice(2, 12) };
}

export const isValidGstin = (raw: string) => checkGstin(raw).ok;
