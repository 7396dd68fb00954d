import { TRPCError } from "@trpc/server";
import { format } from "date-fns";
import { appUrl } from "@coach/config";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { renderResultPdf } from "~/components/assessments/result-pdf";
import { ownResult, parseAttemptId } from "~/components/assessments/result-lookup.server";

type Context = { params: Promise<{ attemptId: string }> };

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /test-history/{attemptId}/pdf: one of your completed results as a PDF download (owner only). */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const id = parseAttemptId((await params).attemptId);
  if (id === null) return text(404, "Result not found");
  let item;
  try {
    item = await ownResult(id);
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return text(401, "Please sign in to download your result.");
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE")
      return text(503, "We're experiencing database connection issues. Please try again later.");
    throw error;
  }
  if (!item || !item.completedAt) return text(404, "Result not found");

  const date = format(item.completedAt, "MMMM d, yyyy");
  const pdf = await renderResultPdf(
    {
      title: item.test.title,
      completedAt: item.completedAt,
      testType: item.test.type,
      score: item.score,
      resultType: item.resultType,
      resultSummary: item.resultSummary,
      resultData: item.resultData,
      reference: item.reference,
    },
    assessmentCopy(),
    date,
    appUrl(),
  );
  const filename = `${item.test.type}-result-${format(item.completedAt, "yyyy-MM-dd")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
