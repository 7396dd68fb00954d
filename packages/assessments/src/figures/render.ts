/**
 * Renders a MatrixFigure as a small, static SVG: the 3×3 grid on top (missing cell marked "?")
 * and the eight lettered options underneath, in two rows of four. The <desc> spells out every cell in words so screen-reader
 * users get the same puzzle as sighted users. Only the figures test uses this (to write and
 * verify the committed files); the web app serves the files as static assets.
 */
import { type Cell, type MatrixFigure, OPTION_LETTERS, type Stroke } from "./matrices";

const WIDTH = 480;
const CELL = 84;
const GRID_X = (WIDTH - 3 * CELL) / 2;
const GRID_Y = 12;
const OPTIONS_Y = GRID_Y + 3 * CELL + 34;
const OPTION_GAP = 10;
const OPTIONS_PER_ROW = 4;
const OPTION_ROWS = Math.ceil(OPTION_LETTERS.length / OPTIONS_PER_ROW);
/** Baseline of an option's letter below the top of its box, and the distance from one option row to the next. */
const LABEL_DY = CELL + 18;
const OPTION_ROW_STEP = CELL + 32;
const HEIGHT = OPTIONS_Y + (OPTION_ROWS - 1) * OPTION_ROW_STEP + LABEL_DY + 16;
const INK = "#111827";
const FILLS = { white: "#ffffff", grey: "#9ca3af", black: INK } as const;

const COUNT_WORDS = { 1: "one", 2: "two", 3: "three" } as const;
const STROKE_WORDS: Record<Stroke, string> = {
  vertical: "a vertical line",
  horizontal: "a horizontal line",
  diagonalDown: "a diagonal line from top left to bottom right",
  diagonalUp: "a diagonal line from bottom left to top right",
  ring: "a circle outline",
  top: "top",
  right: "right",
  bottom: "bottom",
  left: "left",
};
const EDGES: readonly Stroke[] = ["top", "right", "bottom", "left"];

export function describeCell(cell: Cell): string {
  switch (cell.kind) {
    case "shapes":
      return `${COUNT_WORDS[cell.count]} ${cell.fill} ${cell.shape}${cell.count > 1 ? "s" : ""}`;
    case "arrow":
      return `an arrow pointing ${cell.direction}`;
    case "strokes": {
      const edges = cell.strokes.filter((s) => EDGES.includes(s));
      const lines = cell.strokes.filter((s) => !EDGES.includes(s)).map((s) => STROKE_WORDS[s]);
      if (edges.length > 0) lines.push(`square edges ${edges.join(", ")}`);
      return lines.join(" and ");
    }
  }
}

export function describeFigure(figure: MatrixFigure): string {
  const rows = [0, 1, 2].map((r) => {
    const cells = [0, 1, 2].map((c) => {
      const cell = figure.grid[r * 3 + c];
      return cell ? describeCell(cell) : "missing";
    });
    return `Row ${r + 1}: ${cells.join("; ")}.`;
  });
  const options = figure.options.map((cell, i) => `${OPTION_LETTERS[i]}, ${describeCell(cell)}`);
  return `${rows.join(" ")} Options: ${options.join("; ")}.`;
}

function shapeAt(shape: string, x: number, y: number, fill: string): string {
  const style = `fill="${fill}" stroke="${INK}" stroke-width="2"`;
  switch (shape) {
    case "circle":
      return `<circle cx="${x}" cy="${y}" r="11" ${style}/>`;
    case "square":
      return `<rect x="${x - 10}" y="${y - 10}" width="20" height="20" ${style}/>`;
    case "triangle":
      return `<polygon points="${x},${y - 12} ${x + 11},${y + 9} ${x - 11},${y + 9}" ${style}/>`;
    default:
      return `<polygon points="${x},${y - 12} ${x + 12},${y} ${x},${y + 12} ${x - 12},${y}" ${style}/>`;
  }
}

function strokeAt(stroke: Stroke, x: number, y: number): string {
  const line = (x1: number, y1: number, x2: number, y2: number) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  switch (stroke) {
    case "vertical":
      return line(x, y - 28, x, y + 28);
    case "horizontal":
      return line(x - 28, y, x + 28, y);
    case "diagonalDown":
      return line(x - 20, y - 20, x + 20, y + 20);
    case "diagonalUp":
      return line(x - 20, y + 20, x + 20, y - 20);
    case "ring":
      return `<circle cx="${x}" cy="${y}" r="22"/>`;
    case "top":
      return line(x - 24, y - 24, x + 24, y - 24);
    case "right":
      return line(x + 24, y - 24, x + 24, y + 24);
    case "bottom":
      return line(x - 24, y + 24, x + 24, y + 24);
    case "left":
      return line(x - 24, y - 24, x - 24, y + 24);
  }
}

const ROTATION = { up: 0, right: 90, down: 180, left: 270 } as const;

/** Markup for one cell whose top-left corner is (x, y). */
function cellContent(cell: Cell, x: number, y: number): string {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  switch (cell.kind) {
    case "shapes": {
      const spots: Record<1 | 2 | 3, [number, number][]> = {
        1: [[0, 0]],
        2: [
          [-15, 0],
          [15, 0],
        ],
        3: [
          [0, -14],
          [-15, 12],
          [15, 12],
        ],
      };
      return spots[cell.count].map(([dx, dy]) => shapeAt(cell.shape, cx + dx, cy + dy, FILLS[cell.fill])).join("");
    }
    case "arrow":
      return (
        `<g transform="rotate(${ROTATION[cell.direction]} ${cx} ${cy})" fill="${INK}" stroke="${INK}">` +
        `<line x1="${cx}" y1="${cy + 26}" x2="${cx}" y2="${cy - 12}" stroke-width="4"/>` +
        `<polygon points="${cx},${cy - 28} ${cx - 10},${cy - 10} ${cx + 10},${cy - 10}"/></g>`
      );
    case "strokes":
      return (
        `<g fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round">` +
        cell.strokes.map((s) => strokeAt(s, cx, cy)).join("") +
        `</g>`
      );
  }
}

function box(x: number, y: number): string {
  return `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#ffffff" stroke="#6b7280" stroke-width="1.5"/>`;
}

export function renderMatrixSvg(figure: MatrixFigure): string {
  const id = figure.id;
  const lines: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${figure.title}</title>`,
    `<desc id="${id}-desc">${describeFigure(figure)}</desc>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
  ];
  for (let i = 0; i < 9; i++) {
    const x = GRID_X + (i % 3) * CELL;
    const y = GRID_Y + Math.floor(i / 3) * CELL;
    const cell = figure.grid[i];
    lines.push(box(x, y) + (cell ? cellContent(cell, x, y) : missingMark(x, y)));
  }
  const rowWidth = OPTIONS_PER_ROW * CELL + (OPTIONS_PER_ROW - 1) * OPTION_GAP;
  const startX = (WIDTH - rowWidth) / 2;
  lines.push(`<line x1="12" y1="${OPTIONS_Y - 17}" x2="${WIDTH - 12}" y2="${OPTIONS_Y - 17}" stroke="#d1d5db" stroke-width="1"/>`);
  figure.options.forEach((cell, i) => {
    const x = startX + (i % OPTIONS_PER_ROW) * (CELL + OPTION_GAP);
    const y = OPTIONS_Y + Math.floor(i / OPTIONS_PER_ROW) * OPTION_ROW_STEP;
    lines.push(
      box(x, y) +
        cellContent(cell, x, y) +
        `<text x="${x + CELL / 2}" y="${y + LABEL_DY}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" font-weight="bold" fill="${INK}">${OPTION_LETTERS[i]}</text>`,
    );
  });
  lines.push(`</svg>`);
  return lines.join("\n") + "\n";
}

function missingMark(x: number, y: number): string {
  return `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 12}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="34" font-weight="bold" fill="#6b7280">?</text>`;
}
