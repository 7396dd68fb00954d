"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";
import type { LoginInput, RegisterInput } from "@coach/validators/auth";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { announceSession } from "~/components/header-session-store";

export type SessionUser = NonNullable<inferRouterOutputs<AppRouter>["auth"]["me"]["user"]>;

export interface SessionContextValue {
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** True until the first "who is signed in?" answer (or its failure) arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Signs in, then goes to `redirectTo` (or re-renders this page); shows the success or failure toast and rethrows failures. */
  login: (input: LoginInput, redirectTo?: string) => Promise<SessionUser>;
  /** Creates the account and signs in, then goes to `redirectTo` like login; shows the toasts and rethrows failures. */
  register: (input: RegisterInput, redirectTo?: string) => Promise<SessionUser>;
  /** Signs out; on failure the user stays signed in and an error toast shows. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The session of spec section 4: current user or none, a loading flag, login/register/logout with toasts.
 * The server renders the page knowing who is signed in and hands that over as `initialUser`, so no
 * "who am I?" request is needed on load; a server refresh (after signing in or out anywhere) updates it.
 */
export function SessionProvider({ initialUser, children }: { initialUser: SessionUser | null; children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const meKey = trpc.auth.me.queryKey();
  // The query cache outlives this provider (the marketing pages, where the header signs out, have
  // none): on mount, a cached account that is not the server's is dropped with its data.
  const mounted = useRef(false);
  if (!mounted.current) {
    mounted.current = true;
    const cached = queryClient.getQueryData(meKey)?.user;
    if (cached !== undefined && (cached?.id !== initialUser?.id || cached?.role !== initialUser?.role)) {
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey) });
      queryClient.setQueryData(meKey, { user: initialUser });
    }
  }
  // A failure of a refetch is silent: the visitor is treated as signed out.
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { retry: false, initialData: { user: initialUser }, staleTime: Infinity }));
  const user = me.data?.user ?? null;
  const initialUserId = initialUser?.id ?? null;
  const initialRole = initialUser?.role ?? null;

  // The server's answer wins when it changes (the header's Sign Out, or a role change, refreshed the page):
  // the previous account's cached data goes with it.
  const serverUser = useRef({ id: initialUserId, role: initialRole });
  useEffect(() => {
    const previous = serverUser.current;
    if (previous.id === initialUserId && previous.role === initialRole) return;
    serverUser.current = { id: initialUserId, role: initialRole };
    if (previous.id !== initialUserId)
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey) });
    queryClient.setQueryData(meKey, { user: initialUser });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a different account or role is a change
  }, [initialUserId, initialRole]);

  const loginMutation = useMutation(trpc.auth.login.mutationOptions());
  const registerMutation = useMutation(trpc.auth.register.mutationOptions());
  const logoutMutation = useMutation(trpc.auth.logout.mutationOptions());

  /**
   * Another user's (or no user's) data must not linger: drop cached queries, keep the new session and
   * re-render the server components (the header lives in the root layout, which a navigation keeps).
   * The refresh is queued after the navigation; issued first, the navigation would discard it.
   */
  const switchUser = useCallback(
    (next: SessionUser | null, redirectTo?: string) => {
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey) });
      queryClient.setQueryData(meKey, { user: next });
      announceSession(next);
      if (redirectTo) router.push(redirectTo);
      router.refresh();
    },
    [queryClient, meKey, router],
  );

  const login = useCallback(
    async (input: LoginInput, redirectTo?: string) => {
      try {
        const result = await loginMutation.mutateAsync(input);
        switchUser(result.user, redirectTo);
        toast({ title: "Login successful", description: `Welcome back, ${result.user.username}` });
        return result.user;
      } catch (error) {
        toast({ title: "Login failed", description: errorMessage(error, "Invalid credentials"), variant: "destructive" });
        throw error;
      }
    },
    [loginMutation, switchUser],
  );

  const register = useCallback(
    async (input: RegisterInput, redirectTo?: string) => {
      try {
        const result = await registerMutation.mutateAsync(input);
        switchUser(result.user, redirectTo);
        toast({ title: "Registration successful", description: "Your account has been created." });
        return result.user;
      } catch (error) {
        toast({
          title: "Registration failed",
          description: errorMessage(error, "An error occurred during registration"),
          variant: "destructive",
        });
        throw error;
      }
    },
    [registerMutation, switchUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync(undefined);
      switchUser(null);
      toast({ title: "Logged out", description: "You have been successfully logged out." });
    } catch (error) {
      toast({ title: "Logout failed", description: errorMessage(error, "An error occurred during logout"), variant: "destructive" });
    }
  }, [logoutMutation, switchUser]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      isLoading: me.isPending,
      isAuthenticated: user !== null,
      isAdmin: user?.role === "admin",
      login,
      register,
      logout,
    }),
    [user, me.isPending, login, register, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session. Throws outside <SessionProvider> (spec section 8). */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used within a SessionProvider");
  return value;
}
