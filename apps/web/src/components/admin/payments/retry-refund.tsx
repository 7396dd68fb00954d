"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** "Try again" on a refund Stripe did not take; the server makes sure it is never made twice. */
export function RetryRefund({ id, paymentId }: { id: number; paymentId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.admin.payments.retryRefund.mutationOptions({
      onSuccess: (answer) => toast({ title: `Refunded ${answer.amountText}` }),
      onError: (error) =>
        toast({ title: "Refund not made", description: errorMessage(error, "Please try again later."), variant: "destructive" }),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.payments.overview.queryKey() }),
    }),
  );
  return (
    <Button
      variant="outline"
      size="sm"
      loading={retry.isPending}
      aria-label={`Try the refund of payment #${paymentId} again`}
      onClick={() => retry.mutate({ id })}
    >
      Try again
    </Button>
  );
}
