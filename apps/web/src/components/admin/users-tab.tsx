"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { Button } from "@coach/ui/button";
import { DataTable } from "@coach/ui/data-table";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "./console/shared";
import { LocalDay, MaybeLocalShortDateTime } from "~/components/time/local-time";

type UserRow = inferRouterOutputs<AppRouter>["admin"]["users"]["list"]["items"][number];
type PendingAction = { kind: "promote" | "demote" | "disable" | "enable" | "delete"; user: UserRow };

const PAGE_SIZE = 20;

function displayName(user: Pick<UserRow, "firstName" | "lastName">) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

const COPY: Record<
  PendingAction["kind"],
  { title: (u: UserRow) => string; description: (u: UserRow) => string; confirm: string; done: (u: UserRow) => string; failed: string }
> = {
  promote: {
    title: (u) => `Make ${u.username} an admin?`,
    description: () =>
      "Admins can see every assessment result, manage accounts, content and settings. Their current sessions end, so they sign in again with the new role.",
    confirm: "Make admin",
    done: (u) => `${u.username} is now an admin.`,
    failed: "Failed to change the role",
  },
  demote: {
    title: (u) => `Make ${u.username} a regular user?`,
    description: () => "They lose access to the admin console at once, and their current sessions end.",
    confirm: "Make regular user",
    done: (u) => `${u.username} is now a regular user.`,
    failed: "Failed to change the role",
  },
  disable: {
    title: (u) => `Disable ${u.username}?`,
    description: () => "They are signed out everywhere at once and cannot sign in until the account is re-enabled. Their data is kept.",
    confirm: "Disable account",
    done: (u) => `${u.username} has been disabled and signed out.`,
    failed: "Failed to disable the account",
  },
  enable: {
    title: (u) => `Re-enable ${u.username}?`,
    description: () => "They can sign in again with their existing password.",
    confirm: "Re-enable account",
    done: (u) => `${u.username} can sign in again.`,
    failed: "Failed to re-enable the account",
  },
  delete: {
    title: (u) => `Delete ${u.username}?`,
    description: () =>
      "This permanently deletes the account and everything that names the person, as when they delete it themselves: upcoming sessions are canceled, and their results stay only as anonymous figures. It cannot be undone.",
    confirm: "Delete account",
    done: (u) => `${u.username} has been deleted.`,
    failed: "Failed to delete the account",
  },
};

/** The Users tab: find accounts, change roles, disable or delete them. */
export function UsersTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const debounced = useDebounced(search.trim());
  const me = useQuery(trpc.auth.me.queryOptions());
  const list = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const onSettled = {
    onSuccess: () => {
      if (pending) toast({ title: "User updated", description: COPY[pending.kind].done(pending.user) });
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: trpc.admin.users.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.audit.list.queryKey() });
    },
    onError: (error: unknown) => {
      if (pending)
        toast({ title: COPY[pending.kind].failed, description: errorMessage(error, "An error occurred"), variant: "destructive" });
      setPending(null);
    },
  };
  const setRole = useMutation(trpc.admin.users.setRole.mutationOptions(onSettled));
  const setDisabled = useMutation(trpc.admin.users.setDisabled.mutationOptions(onSettled));
  const remove = useMutation(trpc.admin.users.delete.mutationOptions(onSettled));
  const busy = setRole.isPending || setDisabled.isPending || remove.isPending;

  function confirm() {
    if (!pending) return;
    const userId = pending.user.id;
    switch (pending.kind) {
      case "promote":
        return setRole.mutate({ userId, role: "admin" });
      case "demote":
        return setRole.mutate({ userId, role: "user" });
      case "disable":
        return setDisabled.mutate({ userId, disabled: true });
      case "enable":
        return setDisabled.mutate({ userId, disabled: false });
      case "delete":
        return remove.mutate({ userId });
    }
  }

  const data = list.data;
  return (
    <section aria-labelledby="users-heading">
      <div id="users-heading">
        <SectionHeading
          title="Users"
          description="Find an account to change its role, disable it or delete it. Every change is written to the audit log."
        />
      </div>
      <SearchBox
        id="user-search"
        label="Search users"
        placeholder="Username, name or e-mail"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading users..."
        fallback="Failed to load users"
      />
      {data ? (
        data.total === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {debounced ? `No users match “${debounced}”.` : "No users yet."}
          </p>
        ) : (
          <DataTable
            caption="Users, newest first"
            columns={[
              "User",
              "E-mail",
              "Role",
              "Joined",
              "Last sign-in",
              { label: "Assessments", align: "right" },
              { label: "Appointments", align: "right" },
              "Actions",
            ]}
          >
            {data.items.map((user) => {
              const self = me.data?.user?.username === user.username;
              return (
                <tr key={user.id} aria-label={user.username}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link href={`/admin/clients/${user.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                      {user.username}
                    </Link>
                    {self ? <span className="ml-1 text-slate-600">(you)</span> : null}
                    {displayName(user) ? <span className="block text-slate-700">{displayName(user)}</span> : null}
                  </th>
                  <td className="px-3 py-2 text-slate-800">{user.email}</td>
                  <td className="px-3 py-2">
                    <span className={user.role === "admin" ? "font-semibold text-brand-800" : "text-slate-800"}>
                      {user.role === "admin" ? "Admin" : "User"}
                    </span>
                    {user.disabledAt ? (
                      <span className="ml-2 inline-block rounded border border-red-700 px-1.5 text-xs font-semibold text-red-800">
                        Disabled
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                    <LocalDay date={user.createdAt} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                    <MaybeLocalShortDateTime date={user.lastLoginAt} empty="Never" />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{user.assessments}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{user.appointments}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-2">
                      {user.role === "admin" ? (
                        <Button size="sm" variant="outline" onClick={() => setPending({ kind: "demote", user })}>
                          Make regular user<span className="sr-only"> {user.username}</span>
                        </Button>
                      ) : (
                        <Button size="sm" variant="outline" onClick={() => setPending({ kind: "promote", user })}>
                          Make admin<span className="sr-only"> {user.username}</span>
                        </Button>
                      )}
                      {self ? null : user.disabledAt ? (
                        <Button size="sm" variant="outline" onClick={() => setPending({ kind: "enable", user })}>
                          Re-enable<span className="sr-only"> {user.username}</span>
                        </Button>
                      ) : (
                        <Button size="sm" variant="outline" onClick={() => setPending({ kind: "disable", user })}>
                          Disable<span className="sr-only"> {user.username}</span>
                        </Button>
                      )}
                      {self ? null : (
                        <Button size="sm" variant="destructive" onClick={() => setPending({ kind: "delete", user })}>
                          Delete<span className="sr-only"> {user.username}</span>
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )
      ) : null}
      {data ? <Pager label="Users pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}

      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        title={pending ? COPY[pending.kind].title(pending.user) : ""}
        description={pending ? COPY[pending.kind].description(pending.user) : undefined}
        confirmLabel={pending ? COPY[pending.kind].confirm : "Confirm"}
        destructive={pending?.kind === "delete" || pending?.kind === "disable"}
        loading={busy}
      />
    </section>
  );
}
