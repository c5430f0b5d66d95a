/**
 * Code 128 (code set B: printable ASCII) as bar widths, for the packing slip's and the sandbox
 * label's barcodes, drawn with pdfkit rectangles (./slip-pdf.ts). Each symbol is six widths (bar,
 * space, …) of 11 modules; the stop symbol is seven widths, 13 modules. A symbol's check value is
 * the start value plus each symbol's value times its position, modulo 103 (ISO/IEC 15417).
 */
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const CODE128_PATTERNS: readonly string[] = PATTERNS;
const START_B = 104;
const STOP = 106;

/** The symbol values of `text` in code set B with its check symbol, start and stop. Throws on characters outside printable ASCII. */
export function code128Values(text: string): number[] {
  if (!text.length) throw new RangeError("A barcode needs some text.");
  const values = [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) throw new RangeError(`Code 128 B cannot encode ${JSON.stringify(ch)}.`);
    return code - 32;
  });
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, check, STOP];
}

/** Bars as [start module, width in modules] pairs, and the symbol's whole width in modules (quiet zones not included). */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let x = 0;
  for (const v of code128Values(text)) {
    const widths = PATTERNS[v]!;
    for (let i = 0; i < widths.length; i++) {
      const w = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    }
  }
  return { bars, modules: x };
}
