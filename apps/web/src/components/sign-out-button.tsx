"use client";

import { useRouter } from "next/navigation";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useLazyMutation } from "~/trpc/lazy-client";
import { announceSession } from "./header-session-store";

/** Signs out on the server, then shows the header signed out and re-renders the page; on failure the user stays signed in. */
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
        announceSession(null);
        // The app areas render per visitor on the server: they must drop the signed-out account.
        router.refresh();
        toast({ title: "Logged out", description: "You have been successfully logged out." });
      }}
      className={className}
    >
      Sign Out
    </button>
  );
}
