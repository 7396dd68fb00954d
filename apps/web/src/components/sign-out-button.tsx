"use client";

import { useRouter } from "next/navigation";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useLazyMutation } from "~/trpc/lazy-client";

/** Signs out on the server, then re-renders the page signed out; on failure the user stays signed in. */
export function SignOutButton({ className }: { className: string }) {
  const router = useRouter();
  const logout = useLazyMutation((client, _: void) => client.auth.logout.mutate());
  return (
    <button
      type="button"
      disabled={logout.isPending}
      onClick={async () => {
        try {
          await logout.mutateAsync();
        } catch (error) {
          toast({ title: "Logout failed", description: errorMessage(error, "An error occurred during logout"), variant: "destructive" });
          return;
        }
        router.refresh();
        toast({ title: "Logged out", description: "You have been successfully logged out." });
      }}
      className={className}
    >
      Sign Out
    </button>
  );
}
