import "server-only";

import { Document, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { DEBRIEF_PATH, resultView, summaryLines, type ScaleRow } from "./result-view";
import { barScale } from "./result-words";
import type { AssessmentCopy, ResultLike } from "./types";

/**
 * One result as a PDF: the same reading of the result as the page (result-view.ts), laid out for
 * A4 with the scales drawn as bars with their 90% ranges. Built with @react-pdf/renderer's standard
 * Helvetica, so the text stays Latin-1 (no "−" or "≥" in the copy it prints).
 */

const BRAND = "#1e3a5f";
// Every text style names its own line height: a lineHeight set on the page is inherited as the
// page's 14pt, not as a ratio, so larger type (a long title, the headline) overprinted its next line.
const styles = StyleSheet.create({
  page: { padding: 40, fontFamily: "Helvetica", fontSize: 10, color: "#0f172a", lineHeight: 1.4 },
  practice: { fontSize: 9, lineHeight: 1.4, color: "#475569" },
  title: { fontSize: 18, lineHeight: 1.3, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 6 },
  meta: { fontSize: 10, lineHeight: 1.4, color: "#334155", marginTop: 4 },
  label: { fontSize: 9, lineHeight: 1.4, color: "#475569", textTransform: "uppercase", marginTop: 16 },
  headline: { fontSize: 22, lineHeight: 1.25, fontFamily: "Helvetica-Bold", color: BRAND },
  subline: { fontSize: 12, lineHeight: 1.35, fontFamily: "Helvetica-Bold", marginTop: 4 },
  paragraph: { marginTop: 6 },
  section: { fontSize: 12, lineHeight: 1.35, fontFamily: "Helvetica-Bold", marginTop: 16, marginBottom: 4 },
  row: { marginTop: 8 },
  rowHead: { flexDirection: "row", justifyContent: "space-between" },
  // A long label and its figures share the line without running into each other; either wraps.
  rowLabel: { fontFamily: "Helvetica-Bold", flexShrink: 1, paddingRight: 8 },
  rowDetail: { flexShrink: 1, textAlign: "right" },
  track: { position: "relative", height: 10, marginTop: 3 },
  note: { fontSize: 8.5, lineHeight: 1.4, color: "#334155", marginTop: 2 },
  small: { fontSize: 8.5, lineHeight: 1.4, color: "#475569", marginTop: 4 },
  link: { color: BRAND, textDecoration: "underline" },
});

function Bar({ row, scaleMax }: { row: ScaleRow; scaleMax: number }) {
  const at = (x: number) => `${Math.max(0, Math.min(100, (x / scaleMax) * 100))}%`;
  return (
    <View style={styles.row} wrap={false}>
      <View style={styles.rowHead}>
        <Text style={styles.rowLabel}>{row.label}</Text>
        <Text style={styles.rowDetail}>{row.detail}</Text>
      </View>
      <View style={styles.track}>
        <View style={{ position: "absolute", left: 0, top: 2, height: 6, width: at(row.max), backgroundColor: "#e2e8f0" }} />
        <View style={{ position: "absolute", left: 0, top: 2, height: 6, width: at(row.value), backgroundColor: BRAND }} />
        {row.high > row.low ? (
          <>
            <View
              style={{
                position: "absolute",
                left: at(row.low),
                top: 4.5,
                height: 1,
                width: at(row.high - row.low),
                backgroundColor: "#000",
              }}
            />
            <View style={{ position: "absolute", left: at(row.low), top: 0, height: 10, width: 1, backgroundColor: "#000" }} />
            <View style={{ position: "absolute", left: at(row.high), top: 0, height: 10, width: 1, backgroundColor: "#000" }} />
          </>
        ) : null}
      </View>
      {row.note ? <Text style={styles.note}>{row.note}</Text> : null}
    </View>
  );
}

export interface PdfResult extends ResultLike {
  title: string;
  completedAt: Date;
}

/** A link printed as its full address: on paper the reader types it, on screen it is clicked. */
function Address({ href }: { href: string }) {
  return (
    <Link src={href} style={styles.link}>
      {href}
    </Link>
  );
}

function ResultDocument({ result, copy, date, siteUrl }: { result: PdfResult; copy: AssessmentCopy; date: string; siteUrl: string }) {
  const view = resultView(result, copy);
  const lines = summaryLines(result);
  return (
    <Document title={`${result.title} - result of ${date}`} author="Executive Coaching" subject="Assessment result">
      <Page size="A4" style={styles.page}>
        <Text style={styles.practice}>Executive Coaching - assessment result</Text>
        <Text style={styles.title}>{result.title}</Text>
        <Text style={styles.meta}>Completed {date}</Text>

        <Text style={styles.label}>{view.headlineLabel}</Text>
        <Text style={styles.headline}>{view.headline}</Text>
        {view.subline ? <Text style={styles.subline}>{view.subline}</Text> : null}
        {view.verdicts.map((v) => (
          <Text key={v} style={styles.paragraph}>
            {v}
          </Text>
        ))}
        {view.actions.map((a) => (
          <View key={a.title} wrap={false}>
            <Text style={styles.section}>{a.title}</Text>
            <Text>{a.text}</Text>
          </View>
        ))}
        {view.facts.map((f) => (
          <Text key={f.label} style={styles.paragraph}>
            {f.label}: {f.value}
          </Text>
        ))}

        {view.scales.length > 0 ? (
          <View>
            <Text style={styles.section}>Scales with their 90% ranges</Text>
            {view.scales.map((row) => (
              <Bar key={row.key} row={row} scaleMax={barScale(view.scales)} />
            ))}
            <Text style={styles.small}>The black line on each bar is its 90% range (measurement error).</Text>
          </View>
        ) : null}

        {view.quality.length > 0 ? (
          <View wrap={false}>
            <Text style={styles.section}>About this response pattern</Text>
            {view.quality.map((q) => (
              <Text key={q} style={styles.paragraph}>
                {q}
              </Text>
            ))}
          </View>
        ) : null}

        <Text style={styles.section}>How to read it</Text>
        <Text>{view.normNote}</Text>

        {lines.length > 0 ? (
          <View>
            <Text style={styles.section}>Summary</Text>
            {lines.map((line, i) => (
              <Text key={i} style={styles.paragraph}>
                {line}
              </Text>
            ))}
          </View>
        ) : null}
        <Text style={styles.paragraph}>
          Book a debrief with your coach to talk this result through: <Address href={`${siteUrl}${DEBRIEF_PATH}`} />
        </Text>
        <Text style={styles.small}>
          How the assessments are scored, their reliability and their limits: <Address href={`${siteUrl}/assessments/methodology`} />
        </Text>
      </Page>
    </Document>
  );
}

/** Characters outside Latin-1 that the standard PDF fonts cannot draw, with their plain equivalents. */
const PLAIN: [RegExp, string][] = [
  [/\u2212/g, "-"],
  [/\u2264/g, "<="],
  [/\u2265/g, ">="],
  [/\u2248/g, "~"],
];

function plain<T>(value: T): T {
  if (typeof value === "string") return PLAIN.reduce((s, [re, to]) => s.replace(re, to), value as string) as T;
  if (Array.isArray(value)) return value.map(plain) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)])) as T;
  }
  return value;
}

/** `siteUrl` is the site's own address (appUrl()), so the printed links work from paper and mail. */
export async function renderResultPdf(result: PdfResult, copy: AssessmentCopy, date: string, siteUrl: string): Promise<Buffer> {
  return renderToBuffer(<ResultDocument result={plain(result)} copy={copy} date={date} siteUrl={siteUrl.replace(/\/+$/, "")} />);
}
