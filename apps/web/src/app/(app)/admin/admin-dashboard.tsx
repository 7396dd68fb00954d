"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@coach/ui/button";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { Tabs } from "@coach/ui/tabs";
import { toast } from "@coach/ui/toast";
import { AnalyticsTab } from "~/components/admin/analytics/analytics-tab";
import { AppointmentsTab } from "~/components/admin/appointments/appointments-tab";
import { AuditTab } from "~/components/admin/audit-tab";
import { ClientsTab } from "~/components/admin/clients/clients-tab";
import { BlogTab } from "~/components/admin/blog/blog-tab";
import { MessagesTab } from "~/components/admin/messages-tab";
import { NewsletterTab } from "~/components/admin/newsletter-tab";
import { PaymentsTab } from "~/components/admin/payments/payments-tab";
import { TestAttemptsTab } from "~/components/admin/test-attempts-tab";
import { TabBoundary } from "~/components/admin/console/tab-boundary";
import { UsersTab } from "~/components/admin/users-tab";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** Each tab renders inside its own error boundary, so one failing tab cannot take the console down. */
export const ADMIN_TABS = [
  {
    key: "test-attempts",
    label: "Test Attempts",
    content: (
      <TabBoundary name="Test Attempts">
        <TestAttemptsTab />
      </TabBoundary>
    ),
  },
  {
    key: "clients",
    label: "Clients",
    content: (
      <TabBoundary name="Clients">
        <ClientsTab />
      </TabBoundary>
    ),
  },
  {
    key: "analytics",
    label: "Analytics",
    content: (
      <TabBoundary name="Analytics">
        <AnalyticsTab />
      </TabBoundary>
    ),
  },
  {
    key: "appointments",
    label: "Appointments",
    content: (
      <TabBoundary name="Appointments">
        <AppointmentsTab />
      </TabBoundary>
    ),
  },
  {
    key: "users",
    label: "Users",
    content: (
      <TabBoundary name="Users">
        <UsersTab />
      </TabBoundary>
    ),
  },
  {
    key: "blog",
    label: "Leadership Blog",
    content: (
      <TabBoundary name="Leadership Blog">
        <BlogTab />
      </TabBoundary>
    ),
  },
  {
    key: "newsletter",
    label: "Newsletter",
    content: (
      <TabBoundary name="Newsletter">
        <NewsletterTab />
      </TabBoundary>
    ),
  },
  {
    key: "messages",
    label: "Messages",
    content: (
      <TabBoundary name="Messages">
        <MessagesTab />
      </TabBoundary>
    ),
  },
  {
    key: "payments",
    label: "Payments",
    content: (
      <TabBoundary name="Payments">
        <PaymentsTab />
      </TabBoundary>
    ),
  },
  {
    key: "audit",
    label: "Audit Log",
    content: (
      <TabBoundary name="Audit Log">
        <AuditTab />
      </TabBoundary>
    ),
  },
];

/** The 'Delete All Test Attempts' control with its confirmation. */
export function DeleteAllAttempts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const deleteAll = useMutation(
    trpc.admin.attempts.deleteAll.mutationOptions({
      onSuccess: ({ stats }) => {
        setOpen(false);
        toast({ title: "All test attempts deleted", description: `Successfully deleted ${stats.success} test attempts.` });
        queryClient.removeQueries({ queryKey: trpc.admin.attempts.byId.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.attempts.list.queryKey() });
      },
      onError: (error) => {
        setOpen(false);
        toast({
          title: "Failed to delete all test attempts",
          description: errorMessage(error, "An error occurred"),
          variant: "destructive",
        });
      },
    }),
  );
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete All Test Attempts
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => deleteAll.mutate(undefined)}
        title="Are you sure?"
        description="This permanently deletes every test attempt of every user, with all of their responses. It cannot be undone."
        confirmLabel="Yes, Delete All"
        cancelLabel="Cancel"
        destructive
        loading={deleteAll.isPending}
      />
    </>
  );
}

/** The console's tabs; the selected tab is kept in the URL (?tab=) so it survives a reload and can be linked. */
export function AdminTabs({ initialTab }: { initialTab: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [tab, setTab] = useState(ADMIN_TABS.some((t) => t.key === initialTab) ? initialTab : "test-attempts");
  return (
    <Tabs
      label="Admin sections"
      selectedKey={tab}
      onChange={(key) => {
        setTab(key);
        router.replace(key === "test-attempts" ? pathname : `${pathname}?tab=${key}`, { scroll: false });
      }}
      listClassName="flex-wrap"
      tabs={ADMIN_TABS}
    />
  );
}
