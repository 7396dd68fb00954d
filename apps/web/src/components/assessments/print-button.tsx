"use client";

import { Button } from "@coach/ui/button";

/** "Print Results": the browser's print dialog, with the result pages' print stylesheet. */
export function PrintButton() {
  return <Button onClick={() => window.print()}>Print Results</Button>;
}
