/**
 * Derives the site's font file from @fontsource-variable/inter: the same Latin characters as
 * Fontsource's own latin file, with the weight axis cut to the 400-700 range the site uses
 * (font-normal to font-bold). 48 KB becomes about 31 KB, and the font is on the critical path of
 * every first visit (it is preloaded, and `display: optional` holds the first paint for it).
 *
 *   pnpm --filter @coach/web fonts:subset     rewrite src/app/fonts/ after a Fontsource update
 *
 * The output is committed; src/app/fonts/inter.test.ts fails when it no longer matches the
 * installed Fontsource package.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const fontsourceDir = new URL("../node_modules/@fontsource-variable/inter/", import.meta.url);
export const SUBSET_FONT_PATH = fileURLToPath(new URL("../src/app/fonts/inter-latin-wght-400-700.woff2", import.meta.url));
export const WEIGHT_RANGE = { min: 400, max: 700 };

/** Every character of a CSS unicode-range list such as "U+0000-00FF,U+0131". */
export function charactersOf(unicodeRange: string): string {
  return unicodeRange
    .split(",")
    .flatMap((part) => {
      const [from, to = from] = part
        .trim()
        .replace(/^U\+/i, "")
        .split("-")
        .map((hex) => parseInt(hex, 16));
      return Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i));
    })
    .join("");
}

export async function buildSubsetFont(): Promise<Buffer> {
  const ranges = JSON.parse(readFileSync(new URL("unicode.json", fontsourceDir), "utf8")) as Record<string, string>;
  const source = readFileSync(new URL("files/inter-latin-wght-normal.woff2", fontsourceDir));
  return subsetFont(source, charactersOf(ranges.latin!), { targetFormat: "woff2", variationAxes: { wght: WEIGHT_RANGE } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await buildSubsetFont();
  writeFileSync(SUBSET_FONT_PATH, font);
  console.log(`wrote ${SUBSET_FONT_PATH} (${font.length} bytes)`);
}
