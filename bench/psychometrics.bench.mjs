// `pnpm bench psychometrics`: prints every figure of issue 29's "Done when" list from the psychometric
// simulation (packages/assessments/src/simulation, docs/decisions/0039): respondents from models the
// scorers do not assume, N 4,000 per seed, seeds 1-3, each figure's worst seed next to its target.
// Same code as `pnpm --filter @coach/assessments test:sim`, without the assertions.
// Each test runs twice: first on the REAL banks (the written items of instruments/, their provisional
// parameters as the true ones, the scorer given them with calibration-sized errors), then on the
// synthetic banks of world.ts. The slider tests add their ranges' coverage once calibrated (decision 57). Options after `--`: `--people N` (default 4000), `--seeds 1,2,3`,
// `--tests leadership,eq,personality,iq`, `--banks real,synthetic`.
import { register } from "tsx/esm/api";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const load = (p) => import(pathToFileURL(path.join(root, "packages/assessments/src/simulation", p)).href);

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const people = Number(arg("people", "4000"));
const seeds = arg("seeds", "1,2,3").split(",").map(Number);
const tests = arg("tests", "leadership,eq,personality,iq").split(",");
const banks = arg("banks", "real,synthetic").split(",");

const { sliderFigures } = await load("slider-figures.ts");
const { iqFigures } = await load("iq-figures.ts");
const { formatRows, iqRows, sliderRows } = await load("report.ts");
const { calibratedTargetRows } = await load("calibrated-coverage.ts");

let missed = 0;
for (const bank of banks) {
  for (const test of tests) {
    const started = Date.now();
    const figures = seeds.map((seed) =>
      test === "iq" ? iqFigures(seed, people, bank) : sliderFigures(test, seed, people, "adaptive", 1000, bank),
    );
    // EQ and leadership also: the ranges once their items are calibrated on the first unflagged attempts (decisions 57, 58).
    const calibrated = test === "iq" ? [] : calibratedTargetRows(test, seeds, people, bank);
    const rows = [...(test === "iq" ? iqRows(figures) : sliderRows(figures)), ...calibrated];
    missed += rows.filter((r) => !r.ok).length;
    const took = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`\n${test}, ${bank} bank: N ${people} per seed, seeds ${seeds.join(", ")}, worst seed shown (${took} s)`);
    console.log(formatRows(rows));
    // Per band (IQ) or per scale (slider tests): where a lowest or highest coverage comes from.
    const by = test === "iq" ? "band" : "scale";
    for (const f of figures) console.log(`${test} seed ${f.seed} coverage by ${by}: ${JSON.stringify(f.coverage)}`);
  }
}
console.log(`\n${missed} figure(s) miss their target.`);
