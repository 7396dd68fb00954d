import { ImageResponse } from "next/og";

export const alt = "Executive Coaching: scientific executive coaching and leadership development";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** The site's sharing image, drawn at build time (no image host involved). */
export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "linear-gradient(135deg, #0c1f3a 0%, #183f72 100%)",
        color: "#ffffff",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <div style={{ width: 64, height: 64, borderRadius: 14, background: "#122f57", border: "3px solid #e6c27a", display: "flex" }} />
        <div style={{ fontSize: 34, fontWeight: 700 }}>Executive Coaching</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ fontSize: 68, fontWeight: 700, lineHeight: 1.1, maxWidth: 980 }}>
          Scientific Executive Coaching &amp; Leadership Development
        </div>
        <div style={{ marginTop: 28, fontSize: 30, color: "#dfe8f4" }}>
          Assessments with honest error margins · Measurable results · 100+ senior executives coached
        </div>
      </div>
      <div style={{ display: "flex", gap: 48, fontSize: 28, color: "#e6c27a" }}>
        <span>93% satisfaction</span>
        <span>47% effectiveness gain</span>
        <span>28 countries</span>
      </div>
    </div>,
    size,
  );
}
