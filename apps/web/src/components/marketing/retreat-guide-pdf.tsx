import "server-only";

import { Document, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { RETREAT } from "~/content/retreat";
import { CONTACT, PRACTICE_TAGLINE } from "~/lib/site";

/**
 * The retreat's program guide, the PDF behind the home page's "Download Program Guide": the same
 * facts as /retreat-program (src/content/retreat.ts), laid out for A4, with absolute links so the
 * printed copy still says where to apply. Standard Helvetica, so the text stays Latin-1.
 */

const BRAND = "#1e3a5f";
const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: "Helvetica", fontSize: 10.5, color: "#0f172a", lineHeight: 1.45 },
  practice: { fontSize: 9, color: "#475569" },
  title: { fontSize: 22, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 8 },
  facts: { fontSize: 11, marginTop: 6, color: "#334155" },
  section: { fontSize: 13, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 18, marginBottom: 4 },
  item: { marginTop: 4 },
  bold: { fontFamily: "Helvetica-Bold" },
  link: { color: BRAND, textDecoration: "underline" },
});

function GuideDocument({ siteUrl }: { siteUrl: string }) {
  const apply = `${siteUrl}/contact`;
  return (
    <Document title={`${RETREAT.name}: Program Guide`} author={PRACTICE_TAGLINE}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.practice}>{PRACTICE_TAGLINE}</Text>
        <Text style={styles.title}>{`${RETREAT.name}: Program Guide`}</Text>
        <Text style={styles.facts}>
          {`${RETREAT.days} days at ${RETREAT.location} · ${RETREAT.maxParticipants} participants · ${RETREAT.followUpDays}-day follow-up · ${RETREAT.price}`}
        </Text>
        <Text style={styles.section}>What is included</Text>
        {RETREAT.includes.map((line) => (
          <Text key={line} style={styles.item}>{`- ${line}`}</Text>
        ))}
        <Text style={styles.section}>Modules</Text>
        {RETREAT.modules.map((module) => (
          <View key={module.title} style={styles.item} wrap={false}>
            <Text style={styles.bold}>{module.title}</Text>
            <Text>{module.text}</Text>
          </View>
        ))}
        <Text style={styles.section}>The five days</Text>
        {RETREAT.schedule.map((day) => (
          <View key={day.day} style={styles.item} wrap={false}>
            <Text style={styles.bold}>{`${day.day}: ${day.title}`}</Text>
            <Text>{day.text}</Text>
          </View>
        ))}
        <Text style={styles.section}>What you take home</Text>
        {RETREAT.benefits.map((line) => (
          <Text key={line} style={styles.item}>{`- ${line}`}</Text>
        ))}
        <Text style={styles.section}>Reserve your place</Text>
        <Text>
          {`Places are limited to ${RETREAT.maxParticipants}. Write to us at `}
          <Link src={apply} style={styles.link}>
            {apply}
          </Link>
          {` or ${CONTACT.email}`}
          {", and we will reply within 1-2 business days."}
        </Text>
        <Text style={{ ...styles.practice, marginTop: 14 }}>{`Full program: ${siteUrl}/retreat-program`}</Text>
      </Page>
    </Document>
  );
}

export function renderRetreatGuide(siteUrl: string): Promise<Buffer> {
  return renderToBuffer(<GuideDocument siteUrl={siteUrl.replace(/\/+$/, "")} />);
}
