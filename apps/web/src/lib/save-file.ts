/**
 * Saves text the page already holds (a CSV export, the account's data) as a file the browser
 * downloads: no second request, no data in a URL. The object URL is released a moment later, once
 * the download has taken it (released at once, some browsers cancel the download).
 */
export function saveFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const saveCsv = (csv: string, filename: string) => saveFile(csv, filename, "text/csv;charset=utf-8");
